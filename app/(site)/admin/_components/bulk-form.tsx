"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { bulkReviewAction } from "@/app/(site)/admin/actions";

/** Bulk approve/reject for the checkboxes in the queue's cards (they join this form via `form="bulk-form"`). */
export function BulkForm() {
  const router = useRouter();
  const t = useTranslations("admin.bulk");
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const submit = (form: HTMLFormElement, decision: "approve" | "reject") => {
    const ids = new FormData(form).getAll("ids").map(String);
    if (ids.length === 0) return setMessage(t("selectOne"));
    if (decision === "reject" && reason.trim().length < 3) return setMessage(t("needReason"));
    start(async () => {
      const res = await bulkReviewAction(ids, decision, reason || undefined);
      if (!res.ok) return setMessage(res.error.message);
      const failed = res.data.results.filter((r) => !r.ok);
      setMessage(t("result", { done: res.data.results.length - failed.length, decision, failed: failed.length, errors: failed.map((f) => f.error).join(" ") }));
      router.refresh();
    });
  };
  return (
    <form id="bulk-form" className="flex flex-wrap items-end gap-2 rounded border border-slate-200 p-3 text-sm dark:border-slate-800" onSubmit={(e) => e.preventDefault()}>
      <span className="font-medium">{t("selected")}</span>
      <button type="button" disabled={pending} onClick={(e) => submit(e.currentTarget.form!, "approve")} className="rounded bg-green-700 px-3 py-1 text-white disabled:opacity-60">{t("approve")}</button>
      <label className="flex items-center gap-1">
        {t("reason")}
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={2000} className="w-56 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900" />
      </label>
      <button type="button" disabled={pending} onClick={(e) => submit(e.currentTarget.form!, "reject")} className="rounded border border-red-400 px-3 py-1 text-red-800 disabled:opacity-60 dark:text-red-200">{t("reject")}</button>
      {message ? <span role="status" className="w-full">{message}</span> : null}
    </form>
  );
}
