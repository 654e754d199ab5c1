type RankInput = { id: string; value: number; ciLow: number | null; ciHigh: number | null };
type RankedEntry = { id: string; rank: number; tied: boolean };

/** An entry ties the one above when their 95% CIs overlap (docs/SCORING.md §9). */
export function rankWithTies(entries: RankInput[]): RankedEntry[] {
  const sorted = [...entries].sort((x, y) => y.value - x.value || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const groupStart: number[] = [];
  sorted.forEach((entry, i) => {
    if (i > 0 && overlaps(sorted[i - 1], entry)) groupStart.push(groupStart[i - 1]);
    else groupStart.push(i);
  });
  const groupSize = new Map<number, number>();
  for (const start of groupStart) groupSize.set(start, (groupSize.get(start) ?? 0) + 1);
  return sorted.map((entry, i) => ({ id: entry.id, rank: groupStart[i] + 1, tied: groupSize.get(groupStart[i])! > 1 }));
}

function overlaps(upper: RankInput, lower: RankInput): boolean {
  if (upper.value === lower.value) return true;
  if (upper.ciLow === null || lower.ciHigh === null) return false;
  return lower.ciHigh >= upper.ciLow;
}
