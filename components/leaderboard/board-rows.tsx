import { CATEGORY_CODES, MAIN_TYPES, type CategoryCode } from "@/lib/scoring/types";
import type { ViewEntry } from "@/lib/server/leaderboard/view";
import type { ReferenceRow } from "@/lib/server/leaderboard/reference-rows";
import type { JudgeNoiseMarks } from "@/lib/server/scores/judge-card";
import { formatter, type Formatter } from "@/lib/i18n/format";
import { useLocale, useMessages, useTranslations } from "next-intl";
import { RowCategories, RowCategoriesProvider } from "./row-categories";
import { panelLabels } from "./panel-labels";
import type { Locale } from "@/lib/i18n/locales";
import type { Messages } from "@/lib/i18n/load-messages";
import { HeatCell } from "./heat-cell";
import { TierMark } from "@/components/trust/tier-mark";
import { JudgeNoiseMark } from "./judge-noise-mark";
import { ViewLink } from "./view-link";
import { wideClass, type WideClass } from "./wide-class";
import { TBody, Td, Th, Tr } from "@/components/ui/table";

// Rendered on the server: as a client component it brought the client translation library to the
// board's first load, over the page's JavaScript budget (issue 46). Only the Categories panel runs in
// the browser, with its wording translated here.

// Rank and method stay in place when the board scrolls sideways (globals.css: .board-*).
const RANK = "board-rank";
const METHOD = "board-method";
/** Never ranked: trivial systems and, in the memory view, the other tracks' entries. */
const REF_ROW =
  "border-b border-slate-200 bg-slate-50 italic text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300";
const REF_BADGE =
  "ml-1 inline-block rounded bg-slate-200 px-1.5 py-0.5 text-xs not-italic text-slate-900 dark:bg-slate-700 dark:text-slate-50";

type T = ReturnType<typeof useTranslations<"board.table">>;
const SLATE = "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50";

/** Who ran it (issue 49), as the method's tooltip says it; undefined when not stated. */
function ranByTitle(e: ViewEntry, t: T): string | undefined {
  if (e.ranBy === "third-party") return t("thirdPartyTitle", { owner: e.methodOwner ?? "" });
  return e.ranBy === "first-party" ? t("firstPartyTitle") : undefined;
}

function Badges({ e, t }: { e: ViewEntry; t: T }) {
  const badges = [
    e.isBaseline ? { t: t("baseline"), c: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50" } : null,
    e.modality
      ? {
          t: e.modality === "text" || e.modality === "multimodal" ? t(`modality.${e.modality}`) : e.modality,
          c: SLATE,
        }
      : null,
    e.verified
      ? { t: t("verified"), c: "bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50" }
      : null,
    // Issue 49: a run of someone else's method is marked; whose it is, in the tooltip.
    e.ranBy === "third-party" ? { t: t("thirdParty"), title: ranByTitle(e, t), c: SLATE } : null,
  ].filter((b): b is { t: string; c: string; title?: string } => b !== null);
  return (
    <>
      {badges.map((b) => (
        <span
          key={b.t}
          title={b.title}
          className={`ml-1 inline-block rounded px-1.5 py-0.5 text-xs ${b.c}`}
          data-testid={b.title ? "ran-by" : undefined}
        >
          {b.t}
        </span>
      ))}
    </>
  );
}

/** "Verified from CI", linking the run (or the commit): only for a verified CI token, never typed fields. */
function CiBadge({ e }: { e: ViewEntry }) {
  const t = useTranslations("provenance");
  const ci = e.ciVerified;
  if (!ci) return null;
  const commit = ci.commit?.slice(0, 12) ?? "";
  return (
    <a
      href={ci.run ?? undefined}
      title={t("boardBadgeTitle", { repo: ci.repo, commit })}
      className="ml-1 inline-block rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-950 underline dark:bg-emerald-900 dark:text-emerald-50"
      data-testid="ci-verified"
    >
      {t("boardBadge")}
    </a>
  );
}

function AttemptsCell({ e, className, t }: { e: ViewEntry; className: string; t: T }) {
  const a = e.attempts;
  if (!a)
    return (
      <Td pad="none" className={`text-right text-slate-600 dark:text-slate-400 ${className}`}>
        –
      </Td>
    );
  const title = t("attemptsTitle", { total: a.total, since: a.sincePreviousEntry });
  return (
    <Td
      pad="none"
      className={`text-right tabular-nums ${className}`}
      data-testid="attempts"
      title={title}
      aria-label={title}
    >
      {a.total}
      {a.sincePreviousEntry !== a.total ? (
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {t("sincePrev", { since: a.sincePreviousEntry })}
        </span>
      ) : null}
    </Td>
  );
}

/** Evidence recall@5 of the split: "not reported" (never 0) for an entry that sent no retrieved sessions. */
function RecallCell({
  value,
  className,
  t,
  f,
}: {
  value: number | null | undefined;
  className: string;
  t: T;
  f: Formatter;
}) {
  return (
    <Td pad="none" className={`text-right tabular-nums ${className}`} data-testid="recall-at-5">
      {value === undefined ? (
        "–"
      ) : value === null ? (
        <span className="text-xs text-slate-600 dark:text-slate-400">{t("notReported")}</span>
      ) : (
        f.score(value)
      )}
    </Td>
  );
}

function RankCell({ e, t }: { e: ViewEntry; t: T }) {
  const r = e.scopeRank;
  const show = r ?? { rank: e.rank, tied: e.tied };
  return (
    <Td pad="none" className={`${RANK} tabular-nums`} data-testid="rank">
      {show.tied ? `${show.rank}=` : show.rank}
      {r ? (
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {t("rankScope", { scope: r.scope, rank: `${e.rank}${e.tied ? "=" : ""}` })}
        </span>
      ) : null}
    </Td>
  );
}

function Headline({
  cell,
  testId,
  strong,
  f,
  demoLabel,
  noise,
  name,
}: {
  cell: ViewEntry["overall"];
  testId: string;
  strong?: boolean;
  f: Formatter;
  demoLabel?: string;
  /** Ranks of the neighbours whose judge means are within the judge's noise of this one. */
  noise?: number[];
  /** The accessible name (entry, metric, value, interval, n); set for ranked rows, which take focus. */
  name?: string;
}) {
  return (
    <Td
      pad="none"
      className="score-cell text-right tabular-nums whitespace-nowrap"
      data-testid={testId}
      {...(name && { tabIndex: 0, "aria-label": name })}
    >
      {strong ? <strong>{f.score(cell.value)}</strong> : f.score(cell.value)}
      {noise?.length ? <JudgeNoiseMark ranks={noise} /> : null}
      <span className="block text-xs text-slate-600 dark:text-slate-400">{f.ci(cell.ciLow, cell.ciHigh)}</span>
      {demoLabel ? (
        <span className="block text-xs text-amber-800 dark:text-amber-300" data-testid="demo-judge">
          {demoLabel}
        </span>
      ) : null}
    </Td>
  );
}

type RowProps = { wide: WideClass; printIntervals: boolean; recall?: boolean };
type TI = ReturnType<typeof useTranslations<"intervals">>;

/** "Method X, Judge 0.52, 95% CI 0.40–0.63, n 196": whose score first (issue 45, point 5). */
function headlineName(ti: TI, f: Formatter, entry: string, metric: string, cell: ViewEntry["overall"]): string {
  const label = ti("cellOf", { entry, label: metric });
  return ti("cellLabel", { label, value: f.score(cell.value), ci: f.ci(cell.ciLow, cell.ciHigh), n: cell.n });
}
/** A reference row with its method text (its wording lives with the server's reference systems). */
export type LabelledReference = ReferenceRow & { label: string };

/** A trivial system, pinned above the ranked entries and styled apart: never ranked. */
function ReferenceTr({ r, wide, printIntervals, recall }: RowProps & { r: LabelledReference }) {
  const t = useTranslations("board.table");
  const names = useTranslations("categories");
  const mainNames = useTranslations("mainTypes");
  const f = formatter(useLocale());
  return (
    <Tr kind="plain" className={REF_ROW} data-testid="reference-row" data-kind={r.kind}>
      <Td pad="none" className={RANK} title={t("refTitle")}>
        {t("ref")}
      </Td>
      <Th pad="none" scope="row" className={`${METHOD} text-left font-normal`}>
        {r.label}
        <a href="/about#references" className={REF_BADGE}>
          {t("reference")}
        </a>
        <RowCategories mainTypes={r.mainTypes} categories={r.categories} />
      </Th>
      <Td pad="none" className={wide()}>
        {t("trivialSystem")}
      </Td>
      <Headline cell={r.overall} testId="reference-headline" f={f} />
      {recall ? <RecallCell value={undefined} className={wide("recallAt5")} t={t} f={f} /> : null}
      {[
        ...MAIN_TYPES.map((m) => [m, r.mainTypes[m], mainNames(m)] as const),
        ...CATEGORY_CODES.map((c) => [c, r.categories[c], names(c)] as const),
      ].map(([key, cell, label]) => (
        <HeatCell
          key={key}
          cell={cell}
          label={label}
          entry={r.label}
          tabbable={false}
          compact
          className={wide(key)}
          printInterval={printIntervals}
        />
      ))}
      <Td pad="none" className={`text-right ${wide("refusalRate")}`}>
        –
      </Td>
      <Td pad="none" className={`text-right ${wide("overRefusalRate")}`}>
        –
      </Td>
      <Td pad="none" className={`text-right ${wide()}`}>
        –
      </Td>
      <Td pad="none" className={`text-right tabular-nums ${wide("answered")}`}>
        {f.integer(r.overall.n)}/{f.integer(r.overall.n)}
      </Td>
      <Td pad="none" className={wide("date")}>
        –
      </Td>
    </Tr>
  );
}

// demo: the scores shown are the quick start's fake judge's, and every headline cell says so.
type EntryProps = RowProps & {
  e: ViewEntry;
  lowNMin: number;
  best: Partial<Record<CategoryCode, number>>;
  demo?: boolean;
  noise?: number[];
  /** The headline column's name (metric, aggregate), for the headline cell's accessible name. */
  metric: string;
  /** Another track's entry shown in the memory view: this label instead of a rank. */
  reference?: string;
};

function EntryTr({
  e,
  wide,
  printIntervals,
  recall,
  lowNMin,
  best,
  demo = false,
  noise,
  metric,
  reference,
}: EntryProps) {
  const t = useTranslations("board.table");
  const tt = useTranslations("tracks");
  const ti = useTranslations("intervals");
  const names = useTranslations("categories");
  const mainNames = useTranslations("mainTypes");
  const f = formatter(useLocale());
  return (
    <Tr
      {...(reference && { kind: "plain" as const })}
      className={reference ? REF_ROW : "bg-white dark:bg-slate-950"}
      data-testid={reference ? "track-reference-row" : "leaderboard-row"}
      data-entry-id={e.id}
      data-track={e.track}
    >
      {reference ? (
        <Td pad="none" className={RANK} title={tt("referenceTitle")}>
          {t("ref")}
        </Td>
      ) : (
        <RankCell e={e} t={t} />
      )}
      <Th pad="none" scope="row" className={`${METHOD} text-left font-normal`} data-testid="method">
        <ViewLink href={`/entries/${e.id}`} className="font-medium" title={ranByTitle(e, t)}>
          {e.methodName}
        </ViewLink>
        {reference ? (
          <ViewLink href={`/?track=${e.track}`} className={REF_BADGE} title={tt("referenceTitle")}>
            {reference}
          </ViewLink>
        ) : null}
        <Badges e={e} t={t} />
        <CiBadge e={e} />
        <TierMark tier={e.tier} runs={e.runs} />
        {e.organization ? (
          <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{e.organization}</span>
        ) : null}
        <RowCategories
          mainTypes={e.mainTypes}
          categories={e.categories}
          lowNMin={lowNMin}
          below={CATEGORY_CODES.filter((c) => best[c] !== undefined && (e.categories[c]?.value ?? Infinity) < best[c])}
          entryHref={`/entries/${e.id}`}
        />
      </Th>
      <Td pad="none" className={wide("org")}>
        {e.organization ?? <span className="text-slate-600 dark:text-slate-400">–</span>}
      </Td>
      <Headline
        cell={e.overall}
        testId="headline"
        strong
        f={f}
        demoLabel={demo ? t("demoJudge") : undefined}
        noise={noise}
        name={headlineName(ti, f, e.methodName, metric, e.overall)}
      />
      {recall ? (
        <RecallCell value={e.evidence?.recallAt5.value ?? null} className={wide("recallAt5")} t={t} f={f} />
      ) : null}
      {MAIN_TYPES.map((m) => (
        <HeatCell
          key={m}
          cell={e.mainTypes[m]}
          label={mainNames(m)}
          entry={e.methodName}
          lowNMin={lowNMin}
          compact
          className={wide(m)}
          printInterval={printIntervals}
        />
      ))}
      {CATEGORY_CODES.map((c) => (
        <HeatCell
          key={c}
          cell={e.categories[c]}
          label={names(c)}
          entry={e.methodName}
          testId={`cat-${c}`}
          lowNMin={lowNMin}
          compact
          reference={best[c]}
          className={wide(c)}
          printInterval={printIntervals}
        />
      ))}
      <Td pad="none" className={`text-right tabular-nums ${wide("refusalRate")}`} data-testid="refusal-rate">
        {f.percent(e.refusalRate)}
      </Td>
      <Td pad="none" className={`text-right tabular-nums ${wide("overRefusalRate")}`} data-testid="over-refusal-rate">
        {f.percent(e.overRefusalRate)}
      </Td>
      <AttemptsCell e={e} className={wide()} t={t} />
      <Td pad="none" className={`text-right tabular-nums whitespace-nowrap ${wide("answered")}`}>
        {f.integer(e.answered)}/{f.integer(e.overall.n)}
      </Td>
      <Td pad="none" className={`min-w-[4.5em] text-xs [word-break:keep-all] ${wide("date")}`}>
        {f.date(e.createdAt)}
      </Td>
    </Tr>
  );
}

type BoardRowsProps = Omit<EntryProps, "e" | "wide" | "noise" | "reference"> & {
  entries: ViewEntry[];
  references: LabelledReference[];
  /** The memory view's other-track entries, labelled. */
  trackReferences: Array<ViewEntry & { label: string }>;
  /** The column the board is sorted by (shown on a phone too). */
  sortScope?: string;
  /** The rows' within-noise marks (judge metric only). */
  noise?: JudgeNoiseMarks;
  /** Each row's phone panel links to the board ranked by a category. */
  sortHrefs: Partial<Record<CategoryCode, string>>;
};

export function BoardRows({
  entries,
  references,
  trackReferences,
  sortScope,
  noise,
  sortHrefs,
  ...row
}: BoardRowsProps) {
  const wide = wideClass(sortScope);
  const labels = panelLabels(useLocale() as Locale, useMessages() as Messages);
  return (
    <RowCategoriesProvider value={{ sortHrefs, labels }}>
      <TBody>
        {references.map((r) => (
          <ReferenceTr key={r.kind} r={r} wide={wide} printIntervals={row.printIntervals} recall={row.recall} />
        ))}
      </TBody>
      {/* The board's "Skip to results" target: the first Tab from here reaches the first ranked entry. */}
      <TBody {...(entries.length > 0 && { id: "results", tabIndex: -1 })}>
        {entries.map((e) => (
          <EntryTr key={e.id} e={e} wide={wide} noise={noise?.[e.id]} {...row} />
        ))}
      </TBody>
      {/* Other tracks' entries after the ranked ones: for comparison, never in the way of the first rank. */}
      {trackReferences.length > 0 ? (
        <TBody>
          {trackReferences.map((e) => (
            <EntryTr key={e.id} e={e} wide={wide} reference={e.label} {...row} />
          ))}
        </TBody>
      ) : null}
    </RowCategoriesProvider>
  );
}
