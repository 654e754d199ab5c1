import type { EntryDetail } from "@/lib/server/leaderboard/entries";
import { fmtDate } from "@/components/ui/format";

export function MethodCard({ entry: e }: { entry: EntryDetail }) {
  const facts: Array<[string, string | null]> = [
    ["Organization", e.organization],
    ["Modality", e.modality],
    ["Backbone", e.backbone],
    ["Memory method", e.memoryMethod],
    ["Submitted", fmtDate(e.createdAt)],
    ["Approved", fmtDate(e.approvedAt)],
    ["Scored", fmtDate(e.scoredAt)],
    ["Attempts", e.attempts ? `${e.attempts.total} scored submission${e.attempts.total === 1 ? "" : "s"} by this account when approved, ${e.attempts.sincePreviousEntry} since its previous approved entry` : null],
  ];
  return (
    <section aria-labelledby="card-h" className="rounded border border-slate-300 p-4 dark:border-slate-700">
      <h2 id="card-h" className="sr-only">Method card</h2>
      <p className="mb-2 flex flex-wrap gap-2 text-xs">
        {e.isBaseline ? <span className="rounded bg-amber-100 px-1.5 py-0.5 text-amber-950 dark:bg-amber-900 dark:text-amber-50">baseline</span> : null}
        {e.answerKeyVerified ? <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50">verified: scored against the official answer key</span> : null}
      </p>
      {e.description ? <p className="mb-3 max-w-3xl whitespace-pre-wrap">{e.description}</p> : null}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.filter(([, v]) => v).map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {e.efficiency ? (
        <div className="mt-3 text-sm" data-testid="efficiency">
          <p className="font-medium">Efficiency <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-normal text-slate-900 dark:bg-slate-700 dark:text-slate-50">self-reported, not measured by the leaderboard</span></p>
          <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            {([
              ["Storage (s / session)", e.efficiency.storageSecondsPerSession],
              ["Retrieval (s / question)", e.efficiency.retrievalSecondsPerQuestion],
              ["Answering (s / question)", e.efficiency.answerSecondsPerQuestion],
              ["Tokens / question", e.efficiency.tokensPerQuestion],
              ["Hardware", e.efficiency.hardware],
            ] as const).filter(([, v]) => v !== null).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
                <dd className="tabular-nums">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <p className="mt-2 flex gap-4 text-sm">
        {e.paperUrl ? <a href={e.paperUrl} rel="noopener noreferrer nofollow">Paper</a> : null}
        {e.codeUrl ? <a href={e.codeUrl} rel="noopener noreferrer nofollow">Code</a> : null}
      </p>
    </section>
  );
}
