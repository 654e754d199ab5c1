"use client";

import { useActionState } from "react";
import { reportGoldAction, type ReportState } from "@/app/(site)/questions/actions";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { CONTROL, LABEL } from "@/components/ui/control";

export type ReportLabels = Record<
  "heading" | "kind" | "wrong" | "ambiguous" | "proposedAnswer" | "reason" | "send" | "sending" | "sent",
  string
>;

/** Wording comes as props, so the public page ships no translation library (the page-weight budget). */
export function ReportForm({ qid, labels }: { qid: string; labels: ReportLabels }) {
  const [state, formAction, pending] = useActionState<ReportState, FormData>(reportGoldAction, {
    error: null,
    fields: {},
    sent: false,
  });
  return (
    <form action={formAction} className="max-w-xl space-y-3" data-testid="report-form" aria-label={labels.heading}>
      <FormMessage
        look="banner"
        error={state.error}
        success={state.sent ? labels.sent : null}
        data-testid="report-message"
      />
      <input type="hidden" name="qid" value={qid} />
      <fieldset>
        <legend className={LABEL.form}>{labels.kind}</legend>
        {(["wrong", "ambiguous"] as const).map((k) => (
          <label key={k} className="mr-4 inline-flex items-center gap-1">
            <input type="radio" name="kind" value={k} defaultChecked={k === "wrong"} /> {labels[k]}
          </label>
        ))}
      </fieldset>
      <Field
        label={labels.proposedAnswer}
        name="proposedAnswer"
        required
        maxLength={1000}
        error={state.fields.proposedAnswer}
      />
      <div>
        <label htmlFor="f-reason" className={LABEL.form}>
          {labels.reason}
        </label>
        <textarea
          id="f-reason"
          name="reason"
          required
          minLength={3}
          maxLength={2000}
          rows={3}
          className={CONTROL.form}
        />
        {state.fields.reason ? <FormMessage error={state.fields.reason} /> : null}
      </div>
      <button type="submit" disabled={pending} className="rounded bg-blue-700 px-3 py-1 text-white hover:bg-blue-800">
        {pending ? labels.sending : labels.send}
      </button>
    </form>
  );
}
