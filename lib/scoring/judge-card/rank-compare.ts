// Two judges' boards compared (equal means share the better rank).
import { kendallTau } from "./agreement-stats";

export type BoardEntry = { id: string; primary: number; panel: number };
export type RankChange = { id: string; primaryRank: number; panelRank: number };

function ranks(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((w) => w > v).length);
}

export function compareBoards(entries: readonly BoardEntry[]): {
  n: number;
  tau: number | null;
  changes: RankChange[];
} {
  const a = ranks(entries.map((e) => e.primary));
  const b = ranks(entries.map((e) => e.panel));
  const changes = entries
    .map((e, i) => ({ id: e.id, primaryRank: a[i], panelRank: b[i] }))
    .filter((c) => c.primaryRank !== c.panelRank)
    .sort((x, y) => x.primaryRank - y.primaryRank);
  return {
    n: entries.length,
    tau: kendallTau(
      entries.map((e) => e.primary),
      entries.map((e) => e.panel),
    ),
    changes,
  };
}
