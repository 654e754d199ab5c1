import type { Metadata } from "next";
import { CompareTable } from "@/components/compare/compare-table";
import { METRIC_LABELS } from "@/components/ui/format";
import { compareEntries, compareParamsSchema, comparableEntries } from "@/lib/server/queries/compare";

export const metadata: Metadata = { title: "Compare" };
export const dynamic = "force-dynamic";

const select = "rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900";

export default async function ComparePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const params = compareParamsSchema.parse({ a: sp.a, b: sp.b, metric: sp.metric });
  const entries = await comparableEntries();
  const name = (id?: string) => entries.find((e) => e.id === id)?.methodName;
  const ready = params.a && params.b && params.a !== params.b && name(params.a) && name(params.b);
  const results = ready ? await compareEntries(params.a!, params.b!, params.metric) : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Compare two entries</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        A paired bootstrap over the questions both entries were scored on (1,000 seeded resamples): the difference is real when its 95%
        confidence interval excludes 0.
      </p>
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Entries to compare">
        {(["a", "b"] as const).map((k) => (
          <div key={k}>
            <label htmlFor={`cmp-${k}`} className="block text-sm">Entry {k.toUpperCase()}</label>
            <select id={`cmp-${k}`} name={k} defaultValue={params[k] ?? ""} className={select}>
              <option value="">Choose…</option>
              {entries.map((e) => <option key={e.id} value={e.id}>{e.methodName}</option>)}
            </select>
          </div>
        ))}
        <div>
          <label htmlFor="cmp-metric" className="block text-sm">Metric</label>
          <select id="cmp-metric" name="metric" defaultValue={params.metric} className={select}>
            {Object.entries(METRIC_LABELS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
        </div>
        <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-white hover:bg-blue-800">Compare</button>
      </form>
      {params.a && params.a === params.b ? <p role="alert">Choose two different entries.</p> : null}
      {ready && !results ? <p>No per-question {METRIC_LABELS[params.metric]} scores for one of the entries.</p> : null}
      {results ? <CompareTable results={results} nameA={name(params.a)!} nameB={name(params.b)!} /> : null}
    </div>
  );
}
