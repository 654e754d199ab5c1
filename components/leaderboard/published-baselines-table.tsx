import { MAIN_TYPES, MAIN_TYPE_NAMES } from "@/lib/scoring/types";
import { PUBLISHED_BASELINES, PUBLISHED_BASELINE_SOURCE } from "@/lib/server/leaderboard/published-baselines";

/** The authors' published numbers: reference rows, not ranked, with what was not published said plainly. */
export function PublishedBaselinesTable() {
  return (
    <section aria-labelledby="pb-h" className="space-y-2">
      <h2 id="pb-h" className="text-lg font-semibold">Published baselines (reference, not ranked)</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Source: <a href={PUBLISHED_BASELINE_SOURCE.url} rel="noopener noreferrer">{PUBLISHED_BASELINE_SOURCE.label}</a>. {PUBLISHED_BASELINE_SOURCE.note}
      </p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={"Published baselines"}>
        <table className="min-w-full text-sm" data-testid="published-baselines">
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className="px-2 py-1">Method</th>
              <th scope="col" className="px-2 py-1">Input</th>
              {MAIN_TYPES.map((m) => <th key={m} scope="col" className="px-2 py-1 text-right">{MAIN_TYPE_NAMES[m]} (judge)</th>)}
              <th scope="col" className="px-2 py-1 text-right">Storage (s / session)</th>
              <th scope="col" className="px-2 py-1 text-right">Retrieval (s / question)</th>
              <th scope="col" className="px-2 py-1 text-right">Answering (s / question)</th>
              <th scope="col" className="px-2 py-1">Overall, categories, lexical metrics</th>
            </tr>
          </thead>
          <tbody>
            {PUBLISHED_BASELINES.map((b) => (
              <tr key={b.method} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {b.method} <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">paper baseline</span>
                </th>
                <td className="px-2 py-1">{b.modality}</td>
                {MAIN_TYPES.map((m) => <td key={m} className="heat px-2 py-1 text-right tabular-nums" style={{ ["--v" as string]: b.mainTypes[m] }}>{b.mainTypes[m].toFixed(2)}</td>)}
                <td className="px-2 py-1 text-right tabular-nums">{b.efficiency.storageSecondsPerSession}</td>
                <td className="px-2 py-1 text-right tabular-nums">{b.efficiency.retrievalSecondsPerQuestion}</td>
                <td className="px-2 py-1 text-right tabular-nums">{b.efficiency.answerSecondsPerQuestion}</td>
                <td className="px-2 py-1 text-slate-600 italic dark:text-slate-400">not published</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
