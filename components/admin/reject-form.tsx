"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import type { ActionResult } from "@/lib/server/errors";

/** Rejection always carries a reason, shown to the submitter and kept in the audit log. */
export function RejectForm({ run }: { run: (reason: string) => Promise<ActionResult<unknown>> }) {
  const id = useId();
  const router = useRouter();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        start(async () => {
          const res = await run(reason);
          if (res.ok) {
            setReason("");
            router.refresh();
          } else setError(res.error.details[0]?.message ?? res.error.message);
        });
      }}
    >
      <div>
        <label htmlFor={id} className="block text-sm">Reason for rejection</label>
        <input id={id} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} maxLength={2000} className="w-64 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900" />
      </div>
      <button type="submit" disabled={pending} className="rounded border border-red-400 px-3 py-1 text-sm text-red-800 hover:bg-red-50 disabled:opacity-60 dark:text-red-200 dark:hover:bg-red-950">
        {pending ? "Rejecting…" : "Reject"}
      </button>
      {error ? <span role="alert" className="w-full text-sm text-red-700 dark:text-red-300">{error}</span> : null}
    </form>
  );
}
