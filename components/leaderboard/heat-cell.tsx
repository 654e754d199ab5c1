import { useLocale, useTranslations } from "next-intl";
import type { ScoreCell } from "@/lib/server/scores/score-rows";
import { isLowN } from "@/components/ui/format";
import { formatter } from "@/lib/i18n/format";
import { LOW_N_MARK, intervalText } from "./cell-text";
import { Td } from "@/components/ui/table";

/** The background stays light enough for AA contrast in both themes; ▾ below the best reference is drawn by CSS so the text stays the number. */
type Props = {
  cell: ScoreCell | undefined;
  digits?: number;
  label?: string;
  testId?: string;
  lowNMin?: number;
  compact?: boolean;
  /** The best trivial reference score in this scope: a value below it is marked ▾. */
  reference?: number;
  className?: string;
  /** Print the interval and n under the number (the board's "show intervals" switch); the cell's name says them always. */
  printInterval?: boolean;
  /** The row's entry: the cell's name starts with it, so a screen reader says whose score it is. */
  entry?: string;
  /** False keeps the cell out of the Tab order (reference rows: the ranked entries come first). */
  tabbable?: boolean;
};

export function HeatCell({
  cell,
  digits = 2,
  label,
  testId,
  lowNMin = 0,
  compact = false,
  reference,
  className = "",
  printInterval = true,
  entry,
  tabbable = true,
}: Props) {
  const t = useTranslations("board.table");
  const ti = useTranslations("intervals");
  const tr = useTranslations("boardRow");
  const f = formatter(useLocale());
  if (!cell)
    return (
      <Td
        className={`text-center text-slate-600 dark:text-slate-400 ${className}`}
        title={t("noScore", { label: label ?? "" })}
      >
        –
      </Td>
    );
  // Two decimals are plenty for a background; short attributes keep a 50-row board light.
  const v = Math.round(Math.max(0, Math.min(1, cell.value)) * 100) / 100;
  const low = isLowN(cell.n, lowNMin);
  const below = reference !== undefined && cell.value < reference;
  const title =
    t("cellTitle", {
      label: compact || !label ? "" : `${label} `,
      value: f.score(cell.value, 4),
      ci: f.ci(cell.ciLow, cell.ciHigh),
      n: cell.n,
    }) +
    (low ? t("cellLowN", { min: lowNMin }) : "") +
    (below ? t("cellBelow", { reference: f.score(reference, 4) }) : "");
  // Keyboard and screen-reader users get the value, interval and n from the cell itself (issue 32).
  const ci = intervalText(f, cell, digits);
  const name = label
    ? [
        ci
          ? ti("cellLabel", {
              label: entry ? ti("cellOf", { entry, label }) : label,
              value: f.score(cell.value, digits),
              ci,
              n: cell.n,
            })
          : "",
        low ? ti("lowN", { min: lowNMin }) : "",
        below ? ti("below", { reference: f.score(reference, digits) }) : "",
      ]
        .filter(Boolean)
        .join("; ")
    : "";
  return (
    <Td
      tabIndex={name && tabbable ? 0 : undefined}
      aria-label={name || undefined}
      pad={compact ? "none" : "md"}
      className={`${compact ? "heat" : "heat text-right tabular-nums"} score-cell${low ? " low-n" : ""} ${className}`.trimEnd()}
      style={{ ["--v" as string]: v }}
      data-testid={testId}
      // Spread, not `undefined`: an absent prop costs nothing in the page's RSC payload (300 cells).
      {...(low && { "data-low-n": "" })}
      {...(below && { "data-below-reference": "" })}
      title={title}
    >
      {f.score(cell.value, digits)}
      {low ? (
        <span className="low-n-mark" aria-label={tr("lowNMark", { n: cell.n })}>
          {LOW_N_MARK}
        </span>
      ) : null}
      {ci && printInterval ? (
        <span className="cell-ci" data-testid="cell-ci">
          {ti("cellCi", { ci, n: cell.n })}
        </span>
      ) : null}
    </Td>
  );
}
