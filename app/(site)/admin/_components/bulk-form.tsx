"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { bulkReviewAction } from "@/app/(site)/admin/actions";
import { FormMessage } from "@/components/ui/form-message";
import { localFailure, useActionForm } from "@/components/ui/use-action-form";
import { CONTROL } from "@/components/ui/control";

type Decision = { ids: string[]; decision: "approve" | "reject" };

/** Bulk approve/reject for the checkboxes in the queue's cards (they join this form via `form="bulk-form"`). */
export function BulkForm() {
  const t = useTranslations("admin.bulk");
  const [reason, setReason] = useState("");
  const action = useActionForm(async ({ ids, decision }: Decision) => {
    if (ids.length === 0) return localFailure(t("selectOne"));
    if (decision === "reject" && reason.trim().length < 3) return localFailure(t("needReason"));
    const res = await bulkReviewAction(ids, decision, reason || undefined);
    return res.ok ? { ok: true as const, data: { decision, results: res.data.results } } : res;
  });
  const { pending, error, data } = action;
  const submit = (form: HTMLFormElement, decision: Decision["decision"]) =>
    action.submit({ ids: new FormData(form).getAll("ids").map(String), decision });
  const failed = data?.results.filter((r) => !r.ok) ?? [];
  const message = error
    ? error.message
    : data
      ? t("result", {
          done: data.results.length - failed.length,
          decision: data.decision,
          failed: failed.length,
          errors: failed.map((f) => f.error).join(" "),
        })
      : null;
  return (
    <form
      id="bulk-form"
      className="flex flex-wrap items-end gap-2 rounded border border-slate-200 p-3 text-sm dark:border-slate-800"
      onSubmit={(e) => e.preventDefault()}
    >
      <span className="font-medium">{t("selected")}</span>
      <button
        type="button"
        disabled={pending}
        onClick={(e) => submit(e.currentTarget.form!, "approve")}
        className="rounded bg-green-700 px-3 py-1 text-white disabled:opacity-60"
      >
        {t("approve")}
      </button>
      <label className="flex items-center gap-1">
        {t("reason")}
        <input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={2000}
          className={`w-56 ${CONTROL.filter}`}
        />
      </label>
      <button
        type="button"
        disabled={pending}
        onClick={(e) => submit(e.currentTarget.form!, "reject")}
        className="rounded border border-red-400 px-3 py-1 text-red-800 disabled:opacity-60 dark:text-red-200"
      >
        {t("reject")}
      </button>
      <FormMessage as="span" success={message} className="w-full" />
    </form>
  );
}
