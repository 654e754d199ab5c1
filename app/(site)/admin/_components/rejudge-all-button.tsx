"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/server/errors";
import type { RejudgeAllResult } from "@/lib/server/operations/rollout";

// One click re-scores every approved entry lacking rows under the current scorer version;
// clicking again enqueues nothing new (entries already queued or scored are skipped).

export function RejudgeAllButton({ run, missing }: { run: () => Promise<ActionResult<RejudgeAllResult>>; missing: number }) {
  const t = useTranslations("admin.rejudge");
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={pending || missing === 0}
        className="rounded border border-slate-400 px-3 py-1 text-sm disabled:opacity-60"
        onClick={() => {
          setError(null);
          setMessage(null);
          start(async () => {
            const res = await run();
            if (!res.ok) return setError(res.error.message);
            const d = res.data;
            setMessage(t("result", { enqueued: String(d.enqueued.length), inProgress: String(d.inProgress.length), failed: d.failed.length, errors: d.failed.map((f) => f.error).join("; ") }));
            router.refresh();
          });
        }}
      >
        {pending ? t("pending") : t("button")}
      </button>
      {message ? <span role="status" className="text-sm" data-testid="rejudge-result">{message}</span> : null}
      {error ? <span role="alert" className="text-sm text-red-700 dark:text-red-300">{error}</span> : null}
    </div>
  );
}
