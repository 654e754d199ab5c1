import Link from "next/link";
import { CATEGORIES, MAIN_TYPE_NAMES } from "@/lib/scoring";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import type { LeaderboardEntry } from "@/lib/server/queries/leaderboard";
import type { LeaderboardParams } from "@/lib/server/queries/leaderboard-params";
import { fmt, fmtCi, fmtDate, METRIC_LABELS, SPLIT_LABELS } from "@/components/ui/format";
import { HeatCell } from "./heat-cell";
import { SortHeader } from "./sort-header";

const MAIN_ABBR: Record<string, string> = { RECALL: "Recall", REASONING: "Reason.", APPLICATION: "Applic." };

function Badges({ e }: { e: LeaderboardEntry }) {
  const badges = [e.isBaseline ? "baseline" : null, e.modality === "multimodal" ? "multimodal" : e.modality === "text" ? "text" : null].filter(Boolean);
  return (
    <>
      {badges.map((b) => (
        <span key={b} className="ml-1 rounded bg-slate-200 px-1.5 py-0.5 text-xs dark:bg-slate-700">{b}</span>
      ))}
    </>
  );
}

export function LeaderboardTable({ entries, params }: { entries: LeaderboardEntry[]; params: LeaderboardParams }) {
  const caption = `${SPLIT_LABELS[params.split]} · ${METRIC_LABELS[params.metric]} · ${params.aggregate} average`;
  return (
    <div>
      <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">
        Ranks sharing a number (shown as 2=) are statistically tied: their 95% confidence intervals overlap. Hover a cell for its CI and n.
      </p>
      <div className="overflow-x-auto">
      <table className="min-w-full border-collapse text-sm" data-testid="leaderboard">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            <SortHeader params={params} sortKey="rank" label="Rank" className="px-2 py-1 text-left" />
            <SortHeader params={params} sortKey="method" label="Method" className="px-2 py-1 text-left" />
            <SortHeader params={params} sortKey="value" label={METRIC_LABELS[params.metric]!} />
            {MAIN_TYPES.map((m) => <SortHeader key={m} params={params} sortKey={m} label={MAIN_ABBR[m]!} title={MAIN_TYPE_NAMES[m]} />)}
            {CATEGORY_CODES.map((c) => <SortHeader key={c} params={params} sortKey={c} label={c} title={CATEGORIES[c].name} />)}
            <th scope="col" className="px-2 py-1 text-right"><abbr title="questions answered / questions scored">n</abbr></th>
            <SortHeader params={params} sortKey="date" label="Date" className="px-2 py-1 text-left" />
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-b border-slate-100 dark:border-slate-800" data-testid="leaderboard-row">
              <td className="px-2 py-1 tabular-nums">{e.tied ? <abbr title="statistically tied with the neighbouring entry">{e.rank}=</abbr> : e.rank}</td>
              <th scope="row" className="px-2 py-1 text-left font-normal">
                <Link href={`/entries/${e.id}`} className="font-medium">{e.methodName}</Link>
                <Badges e={e} />
                {e.organization ? <span className="block text-xs text-slate-600 dark:text-slate-400">{e.organization}</span> : null}
              </th>
              <td className="px-2 py-1 text-right tabular-nums">
                <strong>{fmt(e.overall.value)}</strong>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{fmtCi(e.overall.ciLow, e.overall.ciHigh)}</span>
              </td>
              {MAIN_TYPES.map((m) => <HeatCell key={m} cell={e.mainTypes[m]} />)}
              {CATEGORY_CODES.map((c) => <HeatCell key={c} cell={e.categories[c]} />)}
              <td className="px-2 py-1 text-right tabular-nums whitespace-nowrap">{e.answered}/{e.overall.n}</td>
              <td className="px-2 py-1 whitespace-nowrap">{fmtDate(e.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </div>
  );
}
