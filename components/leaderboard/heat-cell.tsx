import type { ScoreCell } from "@/lib/server/scores/score-rows";
import { fmt, fmtCi } from "@/components/ui/format";

/**
 * Number always visible; the background alpha scales with the value (0..1) and stays light
 * enough (at most 45% over the page colour) that body text keeps AA contrast in both themes.
 */
type Props = { cell: ScoreCell | undefined; digits?: number; label?: string; testId?: string; /** padding and alignment come from the table */ compact?: boolean };

export function HeatCell({ cell, digits = 2, label, testId, compact = false }: Props) {
  if (!cell) return <td className="px-2 py-1 text-center text-slate-600 dark:text-slate-400" title={`${label ?? ""}: no score`}>–</td>;
  // Two decimals are plenty for a background; short attributes keep a 50-row board light.
  const v = Math.round(Math.max(0, Math.min(1, cell.value)) * 100) / 100;
  return (
    <td className={compact ? "heat" : "heat px-2 py-1 text-right tabular-nums"} style={{ ["--v" as string]: v }} data-testid={testId} title={`${compact ? "" : `${label ?? ""} `}${cell.value.toFixed(4)} ${fmtCi(cell.ciLow, cell.ciHigh)} n=${cell.n}`}>
      {fmt(cell.value, digits)}
    </td>
  );
}
