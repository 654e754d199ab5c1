import { CATEGORY_CODES, MAIN_TYPES, type CategoryCode, type MainType } from "@/lib/scoring/types";
import type { ScoreCell } from "@/lib/server/scores/score-rows";
import type { ViewEntry } from "@/lib/server/leaderboard/view";

// The board's rows cross to the browser as arrays: the same numbers without a key per cell (~300
// cells a page), so the page's payload is smaller. Fields the rows do not show are left behind.

type WireCell = [value: number, ciLow: number | null, ciHigh: number | null, n: number] | 0;
export type RowEntry = Omit<ViewEntry, "status" | "backbone">;
export type WireEntry = Omit<RowEntry, "overall" | "mainTypes" | "categories"> & { cells: WireCell[] };

const SCOPES = [...MAIN_TYPES, ...CATEGORY_CODES];

const cellToWire = (c: ScoreCell | undefined): WireCell => (c ? [c.value, c.ciLow, c.ciHigh, c.n] : 0);
const cellFromWire = (c: WireCell | undefined): ScoreCell | undefined =>
  c ? { value: c[0], ciLow: c[1], ciHigh: c[2], n: c[3] } : undefined;

export function toWire(e: ViewEntry): WireEntry {
  const { status: _s, backbone: _b, overall, mainTypes, categories, ...rest } = e;
  const scoped = { ...mainTypes, ...categories } as Partial<Record<MainType | CategoryCode, ScoreCell>>;
  return { ...rest, cells: [cellToWire(overall), ...SCOPES.map((s) => cellToWire(scoped[s]))] };
}

export function fromWire(w: WireEntry): RowEntry {
  const { cells, ...rest } = w;
  const scoped: Partial<Record<MainType | CategoryCode, ScoreCell>> = {};
  SCOPES.forEach((s, i) => {
    const cell = cellFromWire(cells[1 + i]);
    if (cell) scoped[s] = cell;
  });
  const pick = <K extends MainType | CategoryCode>(keys: readonly K[]) =>
    Object.fromEntries(keys.filter((k) => scoped[k]).map((k) => [k, scoped[k]])) as Partial<Record<K, ScoreCell>>;
  return { ...rest, overall: cellFromWire(cells[0])!, mainTypes: pick(MAIN_TYPES), categories: pick(CATEGORY_CODES) };
}
