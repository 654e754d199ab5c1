"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { FormMessage } from "@/components/ui/form-message";
import { useActionErrorText, useActionForm } from "@/components/ui/use-action-form";
import type { ActionResult } from "@/lib/server/errors";
import type { PauseState } from "@/lib/server/submissions/pause";

type Props = {
  state: PauseState;
  run: (input: { paused: boolean; notice?: string }) => Promise<ActionResult<PauseState>>;
};

export function SubmissionsPauseForm({ state, run }: Props) {
  const t = useTranslations("admin.pause");
  const [notice, setNotice] = useState(state.notice ?? "");
  const { pending, error, submit } = useActionForm(run);
  const errorText = useActionErrorText(error);
  return (
    <form
      className="space-y-2"
      data-testid="submissions-pause"
      onSubmit={(e) => {
        e.preventDefault();
        submit({ paused: true, notice });
      }}
    >
      <p role="status">
        {state.open ? t("open") : t("paused", { since: state.since?.slice(0, 16).replace("T", " ") ?? "" })}
      </p>
      <label className="block">
        <span className="block">{t("noticeLabel")}</span>
        <textarea
          className="w-full max-w-xl rounded border border-slate-400 p-1"
          maxLength={500}
          rows={2}
          value={notice}
          onChange={(e) => setNotice(e.target.value)}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={pending}
          className="rounded border border-slate-400 px-3 py-1 disabled:opacity-60"
        >
          {state.open ? t("pause") : t("update")}
        </button>
        {state.open ? null : (
          <button
            type="button"
            disabled={pending}
            className="rounded border border-slate-400 px-3 py-1 disabled:opacity-60"
            onClick={() => submit({ paused: false })}
          >
            {t("resume")}
          </button>
        )}
      </div>
      <FormMessage error={errorText ? [errorText.form, ...Object.values(errorText.fields)].join(" ") : null} />
    </form>
  );
}
