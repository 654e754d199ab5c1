"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { ProgressBar } from "./progress-bar";
import { StatusBadge } from "@/components/submissions/status-badge";

export type LiveView = {
  id: string;
  status: string;
  final: boolean;
  stage: string | null;
  progress: { done: number; total: number };
  stages: Array<{ stage: string; status: string; done: number; total: number; attempts: number; error: string | null }>;
  queuePosition: number | null;
  failure: { stage: string | null; reason: string } | null;
};

const STAGE_KEYS = { lexical: "stageLexical", judge: "stageJudge" } as const;

/** Polls API v1 while the submission is not final, then refreshes the server-rendered page once. */
export function LiveStatus({ initial, children }: { initial: LiveView; children?: React.ReactNode }) {
  const router = useRouter();
  const t = useTranslations("submissions");
  const [view, setView] = useState(initial);
  const wasFinal = useRef(initial.final);

  useEffect(() => {
    if (view.final) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/v1/submissions/${view.id}`, { cache: "no-store" });
        if (!res.ok || cancelled) return;
        const next = (await res.json()) as LiveView;
        setView(next);
        if (next.final && !wasFinal.current) {
          wasFinal.current = true;
          router.refresh();
        }
      } catch {
        // Transient network error: the next tick retries.
        if (!cancelled) setView((v) => ({ ...v }));
      }
    }, 1500);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [view, router]);

  const stages =
    view.stages.length > 0
      ? view.stages
      : [{ stage: "lexical", status: "PENDING", done: 0, total: 0, attempts: 0, error: null }];
  return (
    <section
      aria-labelledby="status-h"
      className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="status-h" className="flex items-center gap-2 text-lg font-semibold">
        {t("status")} <StatusBadge value={view.status} testId="submission-status" />
      </h2>
      <div aria-live="polite" className="space-y-3">
        {view.queuePosition !== null ? (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="queue-position">
            {t("queuePosition", { position: view.queuePosition, ahead: view.queuePosition - 1 })}
          </p>
        ) : null}
        {stages.map((s) => (
          <div key={s.stage}>
            <ProgressBar
              label={s.stage in STAGE_KEYS ? t(STAGE_KEYS[s.stage as keyof typeof STAGE_KEYS]) : s.stage}
              done={s.done}
              total={s.total}
              status={s.status}
            />
            {s.error ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{s.error}</p> : null}
          </div>
        ))}
        {view.failure ? (
          <p
            role="alert"
            className="rounded border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
            data-testid="failure-reason"
          >
            {view.failure.stage
              ? t("failedIn", {
                  stage:
                    view.failure.stage in STAGE_KEYS
                      ? t(STAGE_KEYS[view.failure.stage as keyof typeof STAGE_KEYS])
                      : view.failure.stage,
                  reason: view.failure.reason,
                })
              : t("failed", { reason: view.failure.reason })}
          </p>
        ) : null}
      </div>
      {children}
    </section>
  );
}
