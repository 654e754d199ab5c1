import type { ScoreCell } from "@/lib/server/queries/scores";
import { fmt, fmtCi } from "@/components/ui/format";

/** Number always visible; background intensity scales with the value (0..1). */
export function HeatCell({ cell, digits = 2 }: { cell: ScoreCell | undefined; digits?: number }) {
  if (!cell) return <td className="px-2 py-1 text-center text-slate-400">–</td>;
  const v = Math.max(0, Math.min(1, cell.value));
  return (
    <td className="heat px-2 py-1 text-right tabular-nums" style={{ ["--v" as string]: v }} title={`${cell.value.toFixed(4)} ${fmtCi(cell.ciLow, cell.ciHigh)} n=${cell.n}`}>
      {fmt(cell.value, digits)}
    </td>
  );
}
