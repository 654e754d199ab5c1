import type { Metadata } from "next";
import Link from "next/link";
import { CATEGORIES, CATEGORY_CODES } from "@/lib/scoring/types";
import { CompareTable } from "@/app/compare/_components/compare-table";
import { SignificantWins } from "@/app/compare/_components/significant-wins";
import { CategoryChart } from "@/components/entries/category-chart";
import { METRIC_LABELS } from "@/components/ui/format";
import { compareMany, comparableEntries, parseCompareParams } from "@/lib/server/leaderboard/compare";
import { rankedBoard } from "@/lib/server/leaderboard/ranked-board";

export const metadata: Metadata = { title: "Compare" };
export const dynamic = "force-dynamic";

const select = "rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900";
const COLORS = ["#1d4ed8", "#b45309", "#059669", "#9333ea"];
const SLOTS = ["A", "B", "C", "D"] as const;

export default async function ComparePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = parseCompareParams(await searchParams);
  const all = await comparableEntries();
  const chosen = params.ids.map((id) => all.find((e) => e.id === id)).filter((e): e is { id: string; methodName: string } => Boolean(e));
  const ready = chosen.length >= 2;
  const [pairs, board] = ready
    ? await Promise.all([compareMany(chosen.map((e) => e.id), params.metric), rankedBoard({ split: "overall", metric: params.metric, aggregate: "micro" })])
    : [null, null];
  const chartData = CATEGORY_CODES.map((c) => ({
    code: c,
    name: CATEGORIES[c].name,
    ...Object.fromEntries(chosen.map((e, i) => [`e${i}`, board?.entries.find((b) => b.id === e.id)?.categories[c]?.value ?? null])),
  }));
  const name = (id: string) => chosen.find((e) => e.id === id)?.methodName ?? id;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Compare entries</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        Choose 2 to 4 entries. Each pair gets a paired bootstrap over the questions both entries answered (1,000 seeded resamples): a
        difference is significant when its 95% confidence interval excludes 0; p is the two-sided bootstrap p-value.
      </p>
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Entries to compare">
        {SLOTS.map((slot, i) => (
          <div key={slot}>
            <label htmlFor={`cmp-${slot}`} className="block text-sm">Entry {slot}{i >= 2 ? " (optional)" : ""}</label>
            <select id={`cmp-${slot}`} name="ids" defaultValue={chosen[i]?.id ?? ""} className={select}>
              <option value="">{i >= 2 ? "None" : "Choose…"}</option>
              {all.map((e) => <option key={e.id} value={e.id}>{e.methodName}</option>)}
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
      {params.ids.length > 0 && !ready ? <p role="alert">Choose at least two different approved entries.</p> : null}
      {ready && pairs && board ? (
        <>
          <CategoryChart
            data={chartData}
            title={`${METRIC_LABELS[params.metric]} per category (overall, micro) of the compared entries`}
            series={chosen.map((e, i) => ({ key: `e${i}`, label: e.methodName, color: COLORS[i]! }))}
          />
          <SignificantWins pairs={pairs} entries={chosen} />
          {pairs.map((p) => (
            <section key={`${p.a}-${p.b}`} aria-label={`${name(p.a)} versus ${name(p.b)}`} className="space-y-2">
              <h2 className="text-lg font-semibold">
                <Link href={`/entries/${p.a}`}>{name(p.a)}</Link> versus <Link href={`/entries/${p.b}`}>{name(p.b)}</Link>
              </h2>
              {p.results ? <CompareTable results={p.results} nameA={name(p.a)} nameB={name(p.b)} /> : <p>No questions both entries were scored on with {METRIC_LABELS[params.metric]}.</p>}
            </section>
          ))}
        </>
      ) : null}
    </div>
  );
}
