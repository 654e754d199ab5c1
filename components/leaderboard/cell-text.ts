import type { Formatter } from "@/lib/i18n/format";
import type { ScoreCell } from "@/lib/server/scores/score-rows";

/** "0.61-0.93" at the cell's digits; "" without an interval. */
export function intervalText(f: Formatter, cell: ScoreCell, digits = 2): string {
  if (cell.ciLow === null || cell.ciLow === undefined || cell.ciHigh === null || cell.ciHigh === undefined) return "";
  return `${f.score(cell.ciLow, digits)}-${f.score(cell.ciHigh, digits)}`;
}

/** The low-n mark after a cell's number (a sign, the same in every language). */
export const LOW_N_MARK = "ⁿ";
