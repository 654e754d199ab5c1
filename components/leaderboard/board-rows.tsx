import { CATEGORY_CODES, MAIN_TYPES, type CategoryCode } from "@/lib/scoring/types";
import type { ViewEntry } from "@/lib/server/leaderboard/view";
import type { LeaderboardParams } from "@/lib/server/leaderboard/params";
import type { ReferenceRow } from "@/lib/server/references/board-rows";
import { REFERENCE_LABELS } from "@/lib/server/references/systems";
import { fmt, fmtCi, fmtDate, fmtPct as pct } from "@/components/ui/format";
import { CategoryDetails } from "./category-details";
import { HeatCell } from "./heat-cell";
import { ViewLink } from "./view-link";

/** Classes of a column hidden on a phone, unless the board is sorted by it (then it shows beside the headline). */
export type WideClass = (key?: string) => string;

// Rank and method stay in place when the board scrolls sideways (globals.css: .board-*).
const RANK = "board-rank";
const METHOD = "board-method";

function Badges({ e }: { e: ViewEntry }) {
  const badges = [
    e.isBaseline ? { t: "baseline", c: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50" } : null,
    e.modality ? { t: e.modality, c: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50" } : null,
    e.verified ? { t: "verified", c: "bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50" } : null,
  ].filter((b): b is { t: string; c: string } => b !== null);
  return <>{badges.map((b) => <span key={b.t} className={`ml-1 inline-block rounded px-1.5 py-0.5 text-xs ${b.c}`}>{b.t}</span>)}</>;
}

function AttemptsCell({ e, className }: { e: ViewEntry; className: string }) {
  const a = e.attempts;
  if (!a) return <td className={`text-right text-slate-600 dark:text-slate-400 ${className}`}>–</td>;
  const title = `${a.total} scored submission${a.total === 1 ? "" : "s"} by this account when approved, ${a.sincePreviousEntry} since its previous approved entry`;
  return (
    <td className={`text-right tabular-nums ${className}`} data-testid="attempts" title={title}>
      {a.total}
      {a.sincePreviousEntry !== a.total ? <span className="block text-xs text-slate-600 dark:text-slate-400">{a.sincePreviousEntry} since prev.</span> : null}
    </td>
  );
}

function RankCell({ e }: { e: ViewEntry }) {
  const r = e.scopeRank;
  const show = r ?? { rank: e.rank, tied: e.tied };
  return (
    <td className={`${RANK} tabular-nums`} data-testid="rank">
      {show.tied ? `${show.rank}=` : show.rank}
      {r ? <span className="block text-xs text-slate-600 dark:text-slate-400">in {r.scope} · overall {e.rank}{e.tied ? "=" : ""}</span> : null}
    </td>
  );
}

function Headline({ cell, testId, strong }: { cell: ViewEntry["overall"]; testId: string; strong?: boolean }) {
  return (
    <td className="text-right tabular-nums whitespace-nowrap" data-testid={testId}>
      {strong ? <strong>{fmt(cell.value)}</strong> : fmt(cell.value)}
      <span className="block text-xs text-slate-600 dark:text-slate-400">{fmtCi(cell.ciLow, cell.ciHigh)}</span>
    </td>
  );
}

type RowProps = { params: LeaderboardParams; wide: WideClass };

/** A trivial system, pinned above the ranked entries and styled apart: never ranked. */
export function ReferenceTr({ r, params, wide }: RowProps & { r: ReferenceRow }) {
  return (
    <tr className="border-b border-slate-200 bg-slate-50 italic text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300" data-testid="reference-row" data-kind={r.kind}>
      <td className={RANK} title="Reference rows are not ranked">ref</td>
      <th scope="row" className={`${METHOD} text-left font-normal`}>
        {REFERENCE_LABELS[r.kind]}
        <a href="/about#references" className="ml-1 inline-block rounded bg-slate-200 px-1.5 py-0.5 text-xs not-italic text-slate-900 dark:bg-slate-700 dark:text-slate-50">reference</a>
        <CategoryDetails mainTypes={r.mainTypes} categories={r.categories} params={params} />
      </th>
      <td className={wide()}>trivial system</td>
      <Headline cell={r.overall} testId="reference-headline" />
      {MAIN_TYPES.map((m) => <HeatCell key={m} cell={r.mainTypes[m]} compact className={wide(m)} />)}
      {CATEGORY_CODES.map((c) => <HeatCell key={c} cell={r.categories[c]} compact className={wide(c)} />)}
      <td className={`text-right ${wide("refusalRate")}`}>–</td>
      <td className={`text-right ${wide("overRefusalRate")}`}>–</td>
      <td className={`text-right ${wide()}`}>–</td>
      <td className={`text-right tabular-nums ${wide("answered")}`}>{r.overall.n}/{r.overall.n}</td>
      <td className={wide("date")}>–</td>
    </tr>
  );
}

type EntryProps = RowProps & { e: ViewEntry; lowNMin: number; best: Partial<Record<CategoryCode, number>> };

export function EntryTr({ e, params, wide, lowNMin, best }: EntryProps) {
  return (
    <tr className="border-b border-slate-100 bg-white dark:border-slate-800 dark:bg-slate-950" data-testid="leaderboard-row" data-entry-id={e.id}>
      <RankCell e={e} />
      <th scope="row" className={`${METHOD} text-left font-normal`} data-testid="method">
        <ViewLink href={`/entries/${e.id}`} className="font-medium">{e.methodName}</ViewLink>
        <Badges e={e} />
        {e.organization ? <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{e.organization}</span> : null}
        <CategoryDetails mainTypes={e.mainTypes} categories={e.categories} params={params} lowNMin={lowNMin} best={best} />
      </th>
      <td className={wide("org")}>{e.organization ?? <span className="text-slate-600 dark:text-slate-400">–</span>}</td>
      <Headline cell={e.overall} testId="headline" strong />
      {MAIN_TYPES.map((m) => <HeatCell key={m} cell={e.mainTypes[m]} lowNMin={lowNMin} compact className={wide(m)} />)}
      {CATEGORY_CODES.map((c) => <HeatCell key={c} cell={e.categories[c]} testId={`cat-${c}`} lowNMin={lowNMin} compact reference={best[c]} className={wide(c)} />)}
      <td className={`text-right tabular-nums ${wide("refusalRate")}`} data-testid="refusal-rate">{pct(e.refusalRate)}</td>
      <td className={`text-right tabular-nums ${wide("overRefusalRate")}`} data-testid="over-refusal-rate">{pct(e.overRefusalRate)}</td>
      <AttemptsCell e={e} className={wide()} />
      <td className={`text-right tabular-nums whitespace-nowrap ${wide("answered")}`}>{e.answered}/{e.overall.n}</td>
      <td className={`text-xs whitespace-nowrap ${wide("date")}`}>{fmtDate(e.createdAt)}</td>
    </tr>
  );
}
