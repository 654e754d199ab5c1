"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import type { ActionResult } from "@/lib/server/errors";
import type { AgreementReport } from "@/lib/server/judge/agreement";

// Starts an agreement check (re-judge a random sample, no cache) and shows its result; the
// report is also kept as an audit event "judge.agreement" listed in the judge usage panel.

const pct = (v: number | null) => (v === null ? "–" : `${(v * 100).toFixed(1)}%`);

export function JudgeAgreementForm({ run }: { run: (sample: number) => Promise<ActionResult<AgreementReport>> }) {
  const id = useId();
  const router = useRouter();
  const [sample, setSample] = useState(50);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<AgreementReport | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        start(async () => {
          const res = await run(sample);
          if (res.ok) {
            setReport(res.data);
            router.refresh();
          } else setError(res.error.details[0]?.message ?? res.error.message);
        });
      }}
    >
      <div>
        <label htmlFor={id} className="block text-sm">Questions to re-judge</label>
        <input id={id} type="number" min={1} max={2236} value={sample} onChange={(e) => setSample(Number(e.target.value))} className="w-28 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900" />
      </div>
      <button type="submit" disabled={pending} className="rounded border border-slate-400 px-3 py-1 text-sm disabled:opacity-60">{pending ? "Judging…" : "Check judge agreement"}</button>
      {error ? <span role="alert" className="w-full text-sm text-red-700 dark:text-red-300">{error}</span> : null}
      {report ? (
        <p className="w-full text-sm" role="status" data-testid="judge-agreement-result">
          {report.compared} of {report.sampled} re-judged · exact {pct(report.exactRate)} · within one level {pct(report.withinOneRate)} · mean |diff| {report.meanAbsDiff?.toFixed(3) ?? "–"}
        </p>
      ) : null}
    </form>
  );
}
