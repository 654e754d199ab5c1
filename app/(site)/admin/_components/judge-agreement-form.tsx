"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ActionResult } from "@/lib/server/errors";
import type { AgreementRunView } from "@/lib/server/operations/agreement-runs";
import { StatusBadge } from "@/components/submissions/status-badge";
import { CONTROL } from "@/components/ui/control";

// Queues an agreement check (a worker re-judges a random sample, no cache) and lists the latest
// checks with their state; while one is queued or running the page refreshes itself. Each report
// is also kept as an audit event "judge.agreement" listed in the judge usage panel.

const pct = (v: number | null) => (v === null ? "–" : `${(v * 100).toFixed(1)}%`);
const POLL_MS = 2000;

function Outcome({ run }: { run: AgreementRunView }) {
  const t = useTranslations("admin.agreement");
  const r = run.report;
  if (run.status === "DONE" && r) {
    return (
      <span data-testid="judge-agreement-result">
        {t("result", {
          compared: String(r.compared),
          sampled: String(r.sampled),
          exact: pct(r.exactRate),
          within: pct(r.withinOneRate),
          diff: r.meanAbsDiff?.toFixed(3) ?? "–",
        })}
        {r.failed ? t("notJudged", { count: String(r.failed) }) : ""}
      </span>
    );
  }
  if (run.status === "FAILED") return <span className="text-red-700 dark:text-red-300">{run.error}</span>;
  return <span>{run.status === "RUNNING" ? t("running") : t("waiting")}</span>;
}

export function JudgeAgreementForm({
  runs,
  request,
}: {
  runs: AgreementRunView[];
  request: (sample: number) => Promise<ActionResult<AgreementRunView>>;
}) {
  const t = useTranslations("admin.agreement");
  const id = useId();
  const router = useRouter();
  const [sample, setSample] = useState(50);
  // A refused request also refreshes: the list below may have changed meanwhile.
  const { pending, error, submit } = useActionForm(async (n: number) => {
    const res = await request(n);
    if (!res.ok) router.refresh();
    return res;
  });
  const active = runs.some((r) => r.status === "QUEUED" || r.status === "RUNNING");
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [active, router]);
  return (
    <div className="space-y-2">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit(sample);
        }}
      >
        <div>
          <label htmlFor={id} className="block text-sm">
            {t("sampleLabel")}
          </label>
          <input
            id={id}
            type="number"
            min={1}
            max={2236}
            value={sample}
            onChange={(e) => setSample(Number(e.target.value))}
            className={`w-28 text-sm ${CONTROL.filter}`}
          />
        </div>
        <button
          type="submit"
          disabled={pending}
          className="rounded border border-slate-400 px-3 py-1 text-sm disabled:opacity-60"
        >
          {pending ? t("queuing") : t("check")}
        </button>
        <FormMessage as="span" error={error ? (error.details[0]?.message ?? error.message) : null} className="w-full" />
      </form>
      {runs.length ? (
        <div role="status" data-testid="judge-agreement-runs">
          <ul className="space-y-1 text-sm">
            {runs.map((run) => (
              <li key={run.id} data-status={run.status}>
                <StatusBadge value={run.status} />{" "}
                {t("runLine", {
                  time: run.createdAt.slice(0, 16).replace("T", " "),
                  sample: String(run.sample),
                  seed: String(run.seed),
                })}{" "}
                <Outcome run={run} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
