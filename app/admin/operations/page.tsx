import type { Metadata } from "next";
import Link from "next/link";
import { retryFailedAction } from "@/app/admin/actions";
import { AdminNav } from "@/app/admin/_components/admin-nav";
import { ActionButton } from "@/components/submissions/action-button";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { getOperations } from "@/lib/server/metrics/operations-view";

export const metadata: Metadata = { title: "Operations" };
export const dynamic = "force-dynamic";

const ms = (v: number | null) => (v === null ? "–" : v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${v} ms`);

export default async function OperationsPage() {
  await adminPageGuard();
  const o = await getOperations();
  return (
    <div className="space-y-5">
      <AdminNav current="/admin/operations" />
      <h1 className="text-2xl font-semibold">Operations</h1>
      <section aria-labelledby="q-h" className="text-sm">
        <h2 id="q-h" className="text-lg font-semibold">Queue</h2>
        {o.queue.ok ? (
          <p data-testid="queue-counts">BullMQ <code>scoring</code>: {Object.entries(o.queue.counts).map(([k, v]) => `${k} ${v}`).join(" · ")}</p>
        ) : <p role="alert">Queue unavailable: {o.queue.error}</p>}
        <p data-testid="status-counts">Submissions by stage: {["RECEIVED", "QUEUED", "SCORING_LEXICAL", "JUDGING", "SCORED", "FAILED"].map((s) => `${s.toLowerCase()} ${o.byStatus[s] ?? 0}`).join(" · ")}</p>
      </section>
      <section aria-labelledby="r-h" className="text-sm">
        <h2 id="r-h" className="text-lg font-semibold">Running</h2>
        {o.running.length === 0 ? <p>Nothing running.</p> : (
          <ul>{o.running.map((r) => <li key={`${r.submissionId}-${r.stage}`}><Link href={`/admin/submissions/${r.submissionId}`}>{r.methodName}</Link> · {r.stage} {r.done}/{r.total} · since {r.startedAt?.slice(11, 19) ?? "?"} UTC</li>)}</ul>
        )}
      </section>
      <section aria-labelledby="t-h" className="text-sm">
        <h2 id="t-h" className="text-lg font-semibold">Time per stage, last 24 h</h2>
        <table className="tabular-nums" data-testid="stage-timings">
          <thead><tr className="text-left"><th scope="col" className="px-2">Stage</th><th scope="col" className="px-2">Runs</th><th scope="col" className="px-2">Median</th><th scope="col" className="px-2">p95</th></tr></thead>
          <tbody>{o.timings.map((t) => <tr key={t.stage}><th scope="row" className="px-2 text-left font-normal">{t.stage}</th><td className="px-2">{t.runs}</td><td className="px-2">{ms(t.medianMs)}</td><td className="px-2">{ms(t.p95Ms)}</td></tr>)}</tbody>
        </table>
        {o.timings.length === 0 ? <p>No finished stages in the last day.</p> : null}
      </section>
      <section aria-labelledby="f-h" className="text-sm">
        <h2 id="f-h" className="text-lg font-semibold">Failed submissions</h2>
        {o.failed.length === 0 ? <p>None.</p> : (
          <ul className="space-y-2" data-testid="failed-list">
            {o.failed.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center gap-2">
                <Link href={`/admin/submissions/${f.id}`}>{f.methodName}</Link> · {f.submitter} · {f.failureStage ?? "?"}: {f.failureReason ?? "unknown"}
                <ActionButton label={`Retry ${f.failureStage === "judge" ? "judge" : "lexical"}`} run={retryFailedAction.bind(null, f.id, f.failureStage === "judge" ? "judge" : "lexical")} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
