import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getFormat } from "@/lib/i18n/server";
import { CATEGORY_CODES } from "@/lib/scoring/types";
import { CompareTable } from "@/app/(site)/compare/_components/compare-table";
import { EntrySlots } from "@/app/(site)/compare/_components/entry-slots";
import { SignificantWins } from "@/app/(site)/compare/_components/significant-wins";
import { CategoryChart } from "@/components/entries/category-chart";
import { redirect } from "next/navigation";
import { compareMany, comparableEntries, parseCompareParams, tidyCompareQuery } from "@/lib/server/leaderboard/compare";
import { rankedBoard } from "@/lib/server/leaderboard/ranked-board";
import { SelectField } from "@/components/ui/select-field";
import { METRIC_ORDER } from "@/components/ui/format";
import { pageTitle, type SearchParams } from "@/app/(site)/page-helpers";

import { TRACKS } from "@/lib/validation/tracks";

export const generateMetadata = pageTitle("compare.title");
export const dynamic = "force-dynamic";

const COLORS = ["#1d4ed8", "#b45309", "#059669", "#9333ea"];
const SLOTS = ["A", "B", "C", "D"] as const;

export default async function ComparePage({ searchParams }: { searchParams: SearchParams }) {
  const raw = await searchParams;
  const tidy = tidyCompareQuery(raw);
  if (tidy !== null) redirect(tidy ? `/compare?${tidy}` : "/compare");
  const params = parseCompareParams(raw);
  const [t, tc, tm, f] = await Promise.all([
    getTranslations("compare"),
    getTranslations("categories"),
    getTranslations("common.metrics"),
    getFormat(),
  ]);
  const tt = await getTranslations("tracks");
  const all = await comparableEntries();
  const chosen = params.ids.map((id) => all.find((e) => e.id === id)).filter((e) => e !== undefined);
  // Compare refuses nothing, but says when the entries were produced under different conditions (issue 48).
  const tracks = TRACKS.filter((k) => chosen.some((e) => e.track === k));
  const ready = chosen.length >= 2;
  const [pairs, board] = ready
    ? await Promise.all([
        compareMany(
          chosen.map((e) => e.id),
          params.metric,
        ),
        rankedBoard({ split: "overall", metric: params.metric, aggregate: "micro" }),
      ])
    : [null, null];
  const chartData = CATEGORY_CODES.map((c) => ({
    code: c,
    name: tc(c),
    ...Object.fromEntries(
      chosen.map((e, i) => [`e${i}`, board?.entries.find((b) => b.id === e.id)?.categories[c]?.value ?? null]),
    ),
  }));
  const name = (id: string) => chosen.find((e) => e.id === id)?.methodName ?? id;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("heading")}</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t("intro", { resamples: f.integer(1000) })}</p>
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("formLabel")}>
        <EntrySlots
          entries={all.map((e) => [e.id, e.methodName] as const)}
          slots={SLOTS.map((slot, i) => ({
            id: `cmp-${slot}`,
            label: i >= 2 ? t("slotOptional", { slot }) : t("slot", { slot }),
            empty: i >= 2 ? t("none") : t("choose"),
            chosen: chosen[i]?.id ?? "",
          }))}
        />
        <SelectField
          id="cmp-metric"
          name="metric"
          label={t("metric")}
          variant="board"
          defaultValue={params.metric}
          options={METRIC_ORDER.map((m) => [m, tm(m)])}
        />
        <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-white hover:bg-blue-800">
          {t("submit")}
        </button>
      </form>
      {params.ids.length > 0 && !ready ? <p role="alert">{t("atLeastTwo")}</p> : null}
      {tracks.length > 1 ? (
        <p role="note" data-testid="compare-tracks" className="rounded border border-amber-400 p-3 text-sm">
          {tt("compareDiffer", { tracks: tracks.map((k) => tt(k)).join(" · ") })}
        </p>
      ) : null}
      {ready && pairs && board ? (
        <>
          <CategoryChart
            data={chartData}
            title={t("chartTitle", { metric: tm(params.metric) })}
            series={chosen.map((e, i) => ({ key: `e${i}`, label: e.methodName, color: COLORS[i]! }))}
          />
          <SignificantWins pairs={pairs} entries={chosen} />
          {pairs.map((p) => (
            <section
              key={`${p.a}-${p.b}`}
              aria-label={t("versus", { a: name(p.a), b: name(p.b) })}
              className="space-y-2"
            >
              <h2 className="text-lg font-semibold">
                {t.rich("versusLinks", {
                  a: name(p.a),
                  b: name(p.b),
                  linkA: (c) => <Link href={`/entries/${p.a}`}>{c}</Link>,
                  linkB: (c) => <Link href={`/entries/${p.b}`}>{c}</Link>,
                })}
              </h2>
              {p.results ? (
                <CompareTable results={p.results} nameA={name(p.a)} nameB={name(p.b)} />
              ) : (
                <p>{t("noShared", { metric: tm(params.metric) })}</p>
              )}
            </section>
          ))}
        </>
      ) : null}
    </div>
  );
}
