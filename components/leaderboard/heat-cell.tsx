import { useLocale, useTranslations } from "next-intl";
import type { ScoreCell } from "@/lib/server/scores/score-rows";
import { isLowN } from "@/components/ui/format";
import { formatter } from "@/lib/i18n/format";
import { Td } from "@/components/ui/table";

/**
 * A cell below the best trivial reference gets `data-below-reference` (▾ drawn by CSS, so the
 * cell's text stays the number) and says so in its title.
 * Number always visible; the background alpha scales with the value (0..1) and stays light
 * enough (at most 45% over the page colour) that body text keeps AA contrast in both themes.
 */
type Props = {
  cell: ScoreCell | undefined;
  digits?: number;
  label?: string;
  testId?: string;
  /** Cells over fewer questions are marked low-n (LOW_N_MIN; 0 = never). */
  lowNMin?: number;
  /** padding and alignment come from the table */
  compact?: boolean;
  /** The best trivial reference score in this scope: a value below it is marked ▾. */
  reference?: number;
  /** extra classes, e.g. the board hides category columns on a phone */
  className?: string;
};

/** The low-n mark after a cell's number (a sign, the same in every language). */
export const LOW_N_MARK = "ⁿ";

export function HeatCell({
  cell,
  digits = 2,
  label,
  testId,
  lowNMin = 0,
  compact = false,
  reference,
  className = "",
}: Props) {
  const t = useTranslations("board.table");
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
  return (
    <Td
      pad={compact ? "none" : "md"}
      className={`${compact ? "heat" : "heat text-right tabular-nums"}${low ? " low-n" : ""} ${className}`.trimEnd()}
      style={{ ["--v" as string]: v }}
      data-testid={testId}
      data-n={cell.n}
      data-low-n={low ? "" : undefined}
      data-below-reference={below ? "" : undefined}
      title={title}
    >
      {f.score(cell.value, digits)}
      {low ? (
        <span className="low-n-mark" aria-label={t("lowNMark", { n: cell.n })}>
          {LOW_N_MARK}
        </span>
      ) : null}
    </Td>
  );
}
