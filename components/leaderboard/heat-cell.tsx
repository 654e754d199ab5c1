import type { ScoreCell } from "@/lib/server/queries/scores";
import { fmt, fmtCi } from "@/components/ui/format";

/**
 * Number always visible; the background alpha scales with the value (0..1) and stays light
 * enough (at most 45% over the page colour) that body text keeps AA contrast in both themes.
 */
export function HeatCell({ cell, digits = 2, label, testId }: { cell: ScoreCell | undefined; digits?: number; label?: string; testId?: string }) {
  if (!cell) return <td className="px-2 py-1 text-center text-slate-600 dark:text-slate-400" title={`${label ?? ""}: no score`}>–</td>;
  const v = Math.max(0, Math.min(1, cell.value));
  return (
    <td className="heat px-2 py-1 text-right tabular-nums" style={{ ["--v" as string]: v }} data-testid={testId} data-value={cell.value} title={`${label ? `${label}: ` : ""}${cell.value.toFixed(4)} ${fmtCi(cell.ciLow, cell.ciHigh)} n=${cell.n}`}>
      {fmt(cell.value, digits)}
    </td>
  );
}
