import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES, MAIN_TYPE_NAMES } from "@/lib/scoring/types";
import type { ViewEntry } from "@/lib/server/leaderboard/view";
import type { LeaderboardParams } from "@/lib/server/leaderboard/params";
import { bestReferenceByCategory, type ReferenceRow } from "@/lib/server/references/board-rows";
import { METRIC_LABELS, SPLIT_LABELS } from "@/components/ui/format";
import { EntryTr, ReferenceTr, type WideClass } from "./board-rows";
import { SortHeader } from "./sort-header";

const MAIN_ABBR: Record<string, string> = { RECALL: "Recall", REASONING: "Reason.", APPLICATION: "Applic." };
export const TIE_RULE =
  "Ranks are competition ranks (1, 2, 2, 4). Walking down the list, an entry shares the rank of the entry above it when their 95% bootstrap confidence intervals overlap; “=” marks a tied rank.";
const th = "px-1 py-1";

export const ATTEMPTS_RULE =
  "Attempts: how many of the account's submissions had been scored when this entry was approved (itself included; private, rejected and withdrawn ones count), and how many of them since the account's previous approved entry.";

export function LeaderboardTable({ entries, params, lowNMin, references = [] }: { entries: ViewEntry[]; params: LeaderboardParams; lowNMin: number; references?: ReferenceRow[] }) {
  const best = bestReferenceByCategory(references);
  const caption = `${SPLIT_LABELS[params.split]} · ${METRIC_LABELS[params.metric]} · ${params.aggregate} average`;
  const groups = MAIN_TYPES.map((m) => ({ m, cats: CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === m) }));
  const sortScope = params.sort?.replace(/^-/, "");
  // A phone shows rank, method and the headline (and the column the board is sorted by); the
  // rest is one tap away in each row's CategoryDetails.
  const wide: WideClass = (key) => (key !== undefined && key === sortScope ? "" : "max-sm:hidden");
  const num = (key?: string) => `${th} text-right ${wide(key)}`;
  return (
    <div className="board-scroll" tabIndex={0} role="region" aria-label={caption} data-testid="leaderboard-region">
      <table className="board min-w-full border-collapse text-sm [&_td.heat]:text-right [&_td.heat]:tabular-nums max-sm:[&_td]:align-top max-sm:[&_th]:align-top [&_td]:px-1 [&_td]:py-1 [&_th]:px-1 [&_th]:py-1" data-testid="leaderboard">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs">
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <SortHeader params={params} sortKey="rank" rowSpan={2} label={sortScope && sortScope in CATEGORIES ? `Rank (${sortScope})` : "Rank"} title={TIE_RULE} className={`${th} board-rank text-left`} />
            <SortHeader params={params} sortKey="method" rowSpan={2} label="Method" className={`${th} board-method text-left`} />
            <SortHeader params={params} sortKey="org" rowSpan={2} label="Organization" className={`${th} text-left ${wide("org")}`} />
            <SortHeader params={params} sortKey="value" rowSpan={2} label={METRIC_LABELS[params.metric]!} title={`${METRIC_LABELS[params.metric]} (${params.aggregate} average) with its 95% bootstrap interval`} className={`${th} text-right`} />
            <th scope="colgroup" colSpan={3} className={`${th} text-center ${wide()}`}>Main types</th>
            {groups.map((g) => <th key={g.m} scope="colgroup" colSpan={g.cats.length} className={`${th} border-l border-slate-200 text-center dark:border-slate-800 ${wide()}`}>{MAIN_TYPE_NAMES[g.m]}</th>)}
            <SortHeader params={params} sortKey="refusalRate" rowSpan={2} label="Refused" title="share of all questions refused (failure profile, both splits)" className={num("refusalRate")} />
            <SortHeader params={params} sortKey="overRefusalRate" rowSpan={2} label="Over-refused" title="share of non-Answer-Refusal questions refused (failure profile, both splits)" className={num("overRefusalRate")} />
            <th scope="col" rowSpan={2} className={num()} title={ATTEMPTS_RULE}>Attempts</th>
            <SortHeader params={params} sortKey="answered" rowSpan={2} label="Answered" title="questions answered / questions scored (unanswered count as 0)" className={num("answered")} />
            <SortHeader params={params} sortKey="date" rowSpan={2} label="Date" title="submission date" className={`${th} text-left ${wide("date")}`} />
          </tr>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            {MAIN_TYPES.map((m) => <SortHeader key={m} params={params} sortKey={m} label={MAIN_ABBR[m]!} title={MAIN_TYPE_NAMES[m]} className={num(m)} />)}
            {CATEGORY_CODES.map((c) => <SortHeader key={c} params={params} sortKey={c} label={c} title={CATEGORIES[c].name} className={num(c)} />)}
          </tr>
        </thead>
        <tbody>
          {references.map((r) => <ReferenceTr key={r.kind} r={r} params={params} wide={wide} />)}
          {entries.map((e) => <EntryTr key={e.id} e={e} params={params} wide={wide} lowNMin={lowNMin} best={best} />)}
        </tbody>
      </table>
      {lowNMin > 0 ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="low-n-legend"><span className="low-n-mark" aria-hidden="true">ⁿ</span> low n: fewer than {lowNMin} questions in the cell (each cell&apos;s tooltip gives its n and interval).</p> : null}
    </div>
  );
}
