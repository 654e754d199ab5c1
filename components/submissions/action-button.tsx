"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/server/errors";

/** Runs a server action that returns an ActionResult, shows its error, refreshes on success. */
export function ActionButton({ label, run, confirm: confirmText, className }: { label: string; run: () => Promise<ActionResult<unknown>>; confirm?: string; className?: string }) {
  const router = useRouter();
  const t = useTranslations("submissions");
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        disabled={pending}
        className={className ?? "rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"}
        onClick={() => {
          if (confirmText && !window.confirm(confirmText)) return;
          setError(null);
          start(async () => {
            const res = await run();
            if (res.ok) router.refresh();
            else setError(res.error.message);
          });
        }}
      >
        {pending ? t("working") : label}
      </button>
      {error ? <span role="alert" className="text-sm text-red-700 dark:text-red-300">{error}</span> : null}
    </span>
  );
}
