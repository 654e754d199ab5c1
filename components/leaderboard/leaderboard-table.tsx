import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES, MAIN_TYPE_NAMES } from "@/lib/scoring/types";
import type { ViewEntry } from "@/lib/server/leaderboard/view";
import type { LeaderboardParams } from "@/lib/server/leaderboard/params";
import { bestReferenceByCategory, type ReferenceRow } from "@/lib/server/references/board-rows";
import { REFERENCE_LABELS } from "@/lib/server/references/systems";
import { fmt, fmtCi, fmtDate, fmtPct as pct, METRIC_LABELS, SPLIT_LABELS } from "@/components/ui/format";
import { DEMO_JUDGE_LABEL } from "@/lib/server/judge/demo-judge";
import { HeatCell } from "./heat-cell";
import { SortHeader } from "./sort-header";
import { ViewLink } from "./view-link";

const MAIN_ABBR: Record<string, string> = { RECALL: "Recall", REASONING: "Reason.", APPLICATION: "Applic." };
export const TIE_RULE =
  "Ranks are competition ranks (1, 2, 2, 4). Walking down the list, an entry shares the rank of the entry above it when their 95% bootstrap confidence intervals overlap; “=” marks a tied rank.";
const th = "px-2 py-1";

function Badges({ e }: { e: ViewEntry }) {
  const badges = [
    e.isBaseline ? { t: "baseline", c: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50" } : null,
    e.modality ? { t: e.modality, c: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50" } : null,
    e.verified ? { t: "verified", c: "bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50" } : null,
  ].filter((b): b is { t: string; c: string } => b !== null);
  return <>{badges.map((b) => <span key={b.t} className={`ml-1 rounded px-1.5 py-0.5 text-xs ${b.c}`}>{b.t}</span>)}</>;
}

export const ATTEMPTS_RULE =
  "Attempts: how many of the account's submissions had been scored when this entry was approved (itself included; private, rejected and withdrawn ones count), and how many of them since the account's previous approved entry.";

function AttemptsCell({ e }: { e: ViewEntry }) {
  const a = e.attempts;
  if (!a) return <td className="text-right text-slate-600 dark:text-slate-400">–</td>;
  const title = `${a.total} scored submission${a.total === 1 ? "" : "s"} by this account when approved, ${a.sincePreviousEntry} since its previous approved entry`;
  return (
    <td className="text-right tabular-nums whitespace-nowrap" data-testid="attempts" title={title}>
      {a.total}
      {a.sincePreviousEntry !== a.total ? <span className="block text-xs text-slate-600 dark:text-slate-400">{a.sincePreviousEntry} since prev.</span> : null}
    </td>
  );
}

function RankCell({ e }: { e: ViewEntry }) {
  const r = e.scopeRank;
  const show = r ?? { rank: e.rank, tied: e.tied };
  return (
    <td className="tabular-nums whitespace-nowrap" data-testid="rank">
      {show.tied ? `${show.rank}=` : show.rank}
      {r ? <span className="block text-xs text-slate-600 dark:text-slate-400">in {r.scope} · overall {e.rank}{e.tied ? "=" : ""}</span> : null}
    </td>
  );
}

/** A trivial system, pinned above the ranked entries and styled apart: never ranked. */
function ReferenceTr({ r, cats }: { r: ReferenceRow; cats: readonly string[] }) {
  return (
    <tr className="border-b border-slate-200 bg-slate-50 italic text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300" data-testid="reference-row" data-kind={r.kind}>
      <td title="Reference rows are not ranked">ref</td>
      <th scope="row" className="min-w-40 text-left font-normal">
        {REFERENCE_LABELS[r.kind]}
        <a href="/about#references" className="ml-1 rounded bg-slate-200 px-1.5 py-0.5 text-xs not-italic text-slate-900 dark:bg-slate-700 dark:text-slate-50">reference</a>
      </th>
      <td>trivial system</td>
      <td className="text-right tabular-nums whitespace-nowrap" data-testid="reference-headline">
        {fmt(r.overall.value)}
        <span className="block text-xs">{fmtCi(r.overall.ciLow, r.overall.ciHigh)}</span>
      </td>
      {MAIN_TYPES.map((m) => <HeatCell key={m} cell={r.mainTypes[m]} compact />)}
      {cats.map((c) => <HeatCell key={c} cell={r.categories[c as keyof typeof r.categories]} compact />)}
      <td className="text-right">–</td>
      <td className="text-right tabular-nums">{r.overall.n}/{r.overall.n}</td>
      <td>–</td>
    </tr>
  );
}

type TableProps = { entries: ViewEntry[]; params: LeaderboardParams; lowNMin: number; references?: ReferenceRow[]; demoJudge?: boolean };

export function LeaderboardTable({ entries, params, lowNMin, references = [], demoJudge = false }: TableProps) {
  const best = bestReferenceByCategory(references);
  // Scores of the quick start's fake judge say so in the column and in every headline cell.
  const demo = demoJudge && params.metric === "judge";
  const metricLabel = demo ? `${METRIC_LABELS.judge} (${DEMO_JUDGE_LABEL})` : METRIC_LABELS[params.metric]!;
  const caption = `${SPLIT_LABELS[params.split]} · ${metricLabel} · ${params.aggregate} average`;
  const groups = MAIN_TYPES.map((m) => ({ m, cats: CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === m) }));
  const sortScope = params.sort?.replace(/^-/, "");
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="min-w-full border-collapse text-sm [&_.heat]:text-right [&_.heat]:tabular-nums [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1" data-testid="leaderboard">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <SortHeader params={params} sortKey="rank" rowSpan={2} label={sortScope && sortScope in CATEGORIES ? `Rank (${sortScope})` : "Rank"} title={TIE_RULE} className={`${th} text-left`} />
            <SortHeader params={params} sortKey="method" rowSpan={2} label="Method" className={`${th} text-left`} />
            <SortHeader params={params} sortKey="org" rowSpan={2} label="Organization" className={`${th} text-left`} />
            <SortHeader params={params} sortKey="value" rowSpan={2} label={metricLabel} title={`${metricLabel} (${params.aggregate} average) with its 95% bootstrap interval`} />
            <th scope="colgroup" colSpan={3} className={`${th} text-center`}>Main types</th>
            {groups.map((g) => <th key={g.m} scope="colgroup" colSpan={g.cats.length} className={`${th} border-l border-slate-200 text-center dark:border-slate-800`}>{MAIN_TYPE_NAMES[g.m]}</th>)}
            <SortHeader params={params} sortKey="refusalRate" rowSpan={2} label="Refused" title="share of all questions refused (failure profile, both splits)" />
            <SortHeader params={params} sortKey="overRefusalRate" rowSpan={2} label="Over-refused" title="share of non-Answer-Refusal questions refused (failure profile, both splits)" />
            <th scope="col" rowSpan={2} className={`${th} text-right`} title={ATTEMPTS_RULE}>Attempts</th>
            <SortHeader params={params} sortKey="answered" rowSpan={2} label="Answered" title="questions answered / questions scored (unanswered count as 0)" />
            <SortHeader params={params} sortKey="date" rowSpan={2} label="Date" title="submission date" className={`${th} text-left`} />
          </tr>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            {MAIN_TYPES.map((m) => <SortHeader key={m} params={params} sortKey={m} label={MAIN_ABBR[m]!} title={MAIN_TYPE_NAMES[m]} />)}
            {groups.flatMap((g) => g.cats.map((c) => <SortHeader key={c} params={params} sortKey={c} label={c} title={CATEGORIES[c].name} />))}
          </tr>
        </thead>
        <tbody>
          {references.map((r) => <ReferenceTr key={r.kind} r={r} cats={groups.flatMap((g) => g.cats)} />)}
          {entries.map((e) => (
            <tr key={e.id} className="border-b border-slate-100 dark:border-slate-800" data-testid="leaderboard-row" data-entry-id={e.id}>
              <RankCell e={e} />
              <th scope="row" className="min-w-40 text-left font-normal">
                <ViewLink href={`/entries/${e.id}`} className="font-medium">{e.methodName}</ViewLink>
                <Badges e={e} />
              </th>
              <td>{e.organization ?? <span className="text-slate-600 dark:text-slate-400">–</span>}</td>
              <td className="text-right tabular-nums whitespace-nowrap" data-testid="headline">
                <strong>{fmt(e.overall.value)}</strong>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{fmtCi(e.overall.ciLow, e.overall.ciHigh)}</span>
                {demo ? <span className="block text-xs text-amber-800 dark:text-amber-300" data-testid="demo-judge">{DEMO_JUDGE_LABEL}</span> : null}
              </td>
              {MAIN_TYPES.map((m) => <HeatCell key={m} cell={e.mainTypes[m]} lowNMin={lowNMin} compact />)}
              {groups.flatMap((g) => g.cats.map((c) => <HeatCell key={c} cell={e.categories[c]} testId={`cat-${c}`} lowNMin={lowNMin} compact reference={best[c]} />))}
              <td className="text-right tabular-nums" data-testid="refusal-rate">{pct(e.refusalRate)}</td>
              <td className="text-right tabular-nums" data-testid="over-refusal-rate">{pct(e.overRefusalRate)}</td>
              <AttemptsCell e={e} />
              <td className="text-right tabular-nums whitespace-nowrap">{e.answered}/{e.overall.n}</td>
              <td className="whitespace-nowrap">{fmtDate(e.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {lowNMin > 0 ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="low-n-legend"><span className="low-n-mark" aria-hidden="true">ⁿ</span> low n: fewer than {lowNMin} questions in the cell (each cell&apos;s tooltip gives its n and interval).</p> : null}
    </div>
  );
}
