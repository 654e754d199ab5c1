"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/server/errors";
import type { GoldDecision } from "@/lib/server/review/gold-reports";
import { NoteForm } from "@/components/ui/note-form";
import { FormMessage } from "@/components/ui/form-message";
import { useActionForm } from "@/components/ui/use-action-form";
import { CONTROL } from "@/components/ui/control";

type Props = {
  proposed: string;
  mergeTargets: string[];
  run: (decision: GoldDecision) => Promise<ActionResult<unknown>>;
};

const BUTTON = "rounded border border-slate-400 px-3 py-1 text-sm disabled:opacity-60";

/** Accept (with the proposal or another corrected answer), reject with a reason, or merge into another report. */
export function GoldReportDecision({ proposed, mergeTargets, run }: Props) {
  const t = useTranslations("admin.goldReports");
  const [answer, setAnswer] = useState(proposed);
  const [target, setTarget] = useState(mergeTargets[0] ?? "");
  const { pending, error, submit } = useActionForm(run);
  return (
    <div className="space-y-2">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit({ action: "accept", correctedAnswer: answer });
        }}
      >
        <label className="text-sm">
          {t("corrected")}
          <input
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            maxLength={1000}
            className={`ml-2 w-64 ${CONTROL.filter}`}
          />
        </label>
        <button type="submit" disabled={pending} className={BUTTON}>
          {t("accept")}
        </button>
      </form>
      <NoteForm label={t("rejectReason")} button={t("reject")} run={(reason) => run({ action: "reject", reason })} />
      {mergeTargets.length > 0 ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit({ action: "merge", duplicateOf: target });
          }}
        >
          <label className="text-sm">
            {t("mergeInto")}
            <select value={target} onChange={(e) => setTarget(e.target.value)} className={`ml-2 ${CONTROL.filter}`}>
              {mergeTargets.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={pending} className={BUTTON}>
            {t("merge")}
          </button>
        </form>
      ) : null}
      <FormMessage error={error ? (error.details[0]?.message ?? error.message) : null} />
    </div>
  );
}
