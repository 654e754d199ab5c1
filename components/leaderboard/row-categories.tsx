"use client";

import { createContext, use, useEffect, useRef, useState } from "react";
import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES, type CategoryCode, type MainType } from "@/lib/scoring/types";
import type { ScoreCell } from "@/lib/server/scores/score-rows";
import { isLowN } from "@/components/ui/format";
import { formatter } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { LOW_N_MARK, intervalText } from "./cell-text";

// A phone shows rank, method and headline; the rest of a row is one tap away. The panel is drawn
// in the browser when opened, from the row's scores: drawn on the server for every row it was
// 45% of the board's HTML (and as much again in the page's RSC payload). Its wording comes
// translated from the server (panelLabels) so the page ships no client translation library (issue 46).

/** The panel's wording, message templates with their {placeholders} (filled by `fill`). */
export type PanelLabels = {
  locale: Locale;
  categories: string;
  entryPage: string;
  /** "{n}" */
  lowNMark: string;
  /** "{name}" */
  rankBy: string;
  /** "{ci}", "{n}" */
  panelCi: string;
  belowShort: string;
  names: Record<CategoryCode, string>;
  mainNames: Record<MainType, string>;
};

type Shared = { sortHrefs: Partial<Record<CategoryCode, string>>; labels: PanelLabels };
const BoardRows = createContext<Shared | null>(null);

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

function useShared(): Shared {
  const shared = use(BoardRows);
  if (!shared) throw new Error("RowCategories needs a RowCategoriesProvider");
  return shared;
}

/** What every row's panel shares: the link that ranks the board by each category. */
export function RowCategoriesProvider({ value, children }: { value: Shared; children: React.ReactNode }) {
  return <BoardRows value={value}>{children}</BoardRows>;
}

export type PanelProps = {
  mainTypes: Partial<Record<MainType, ScoreCell>>;
  categories: Partial<Record<CategoryCode, ScoreCell>>;
  lowNMin?: number;
  /** Categories whose score is below the best trivial reference (marked ▾). */
  below?: CategoryCode[];
};

function Score({ cell, lowNMin, below }: { cell: ScoreCell | undefined; lowNMin: number; below?: boolean }) {
  const { labels } = useShared();
  const f = formatter(labels.locale);
  if (!cell) return <dd>–</dd>;
  const low = isLowN(cell.n, lowNMin);
  const ci = intervalText(f, cell);
  return (
    <dd className="tabular-nums" data-below-reference={below ? "" : undefined}>
      {f.score(cell.value, 2)}
      {low ? (
        <span className="low-n-mark" aria-label={fill(labels.lowNMark, { n: cell.n })}>
          {LOW_N_MARK}
        </span>
      ) : null}
      {below ? <span className="sr-only"> ({labels.belowShort})</span> : null}
      {/* A phone has no hover: the interval and n are printed (issue 32). */}
      <span className="block text-[0.7rem] leading-tight text-slate-700 dark:text-slate-300" data-testid="panel-ci">
        {ci ? fill(labels.panelCi, { ci, n: cell.n }) : `n ${cell.n}`}
      </span>
    </dd>
  );
}

/** The main types and their categories, each with interval and n. */
export function CategoryPanel({ mainTypes, categories, lowNMin = 0, below = [] }: PanelProps) {
  const { sortHrefs, labels } = useShared();
  return MAIN_TYPES.map((m) => (
    <div key={m} className="mt-1">
      <dl className="flex justify-between gap-2 font-medium">
        <dt>{labels.mainNames[m]}</dt>
        <Score cell={mainTypes[m]} lowNMin={lowNMin} />
      </dl>
      <dl className="grid grid-cols-3 gap-1">
        {CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === m).map((c) => (
          <div
            key={c}
            className="heat rounded px-1 text-center"
            style={{ ["--v" as string]: categories[c]?.value ?? 0 }}
            data-testid={`row-cat-${c}`}
          >
            <dt>
              {/* A plain link: a document load is served by the page micro-cache. */}
              <a
                href={sortHrefs[c] ?? "/"}
                className="text-inherit"
                title={fill(labels.rankBy, { name: labels.names[c] })}
              >
                {c}
              </a>
            </dt>
            <Score cell={categories[c]} lowNMin={lowNMin} below={below.includes(c)} />
          </div>
        ))}
      </dl>
    </div>
  ));
}

/** A plain <details>; without JavaScript it opens on a link to the entry page, which shows every score. */
export function RowCategories({ entryHref, ...panel }: PanelProps & { entryHref?: string }) {
  const { labels } = useShared();
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  // Opened before the page's scripts ran: draw the panel now.
  useEffect(() => setOpen(ref.current?.open ?? false), []);
  return (
    <details
      ref={ref}
      className="mt-1 text-xs sm:hidden"
      data-testid="row-categories"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer text-blue-700 dark:text-blue-300">{labels.categories}</summary>
      {open ? (
        <CategoryPanel {...panel} />
      ) : entryHref ? (
        <a href={entryHref} className="mt-1 block">
          {labels.entryPage}
        </a>
      ) : null}
    </details>
  );
}
