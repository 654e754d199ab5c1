// Agreement between two judges and two rankings (docs/JUDGE.md, "The judge card").
import { JUDGE_LEVELS } from "../judge/prompt";

const levelIndex = (score: number, levels: readonly number[]): number => {
  let best = 0;
  for (let i = 1; i < levels.length; i++) if (Math.abs(levels[i] - score) < Math.abs(levels[best] - score)) best = i;
  return best;
};

/** Linearly weighted; null without items or when chance disagreement is zero. */
export function weightedKappa(
  a: readonly number[],
  b: readonly number[],
  levels: readonly number[] = JUDGE_LEVELS,
): number | null {
  if (a.length !== b.length) throw new Error(`weightedKappa needs equal lengths (${a.length} vs ${b.length})`);
  const n = a.length;
  const k = levels.length;
  if (n === 0 || k < 2) return null;
  const observed = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const rowSum = new Array<number>(k).fill(0);
  const colSum = new Array<number>(k).fill(0);
  for (let t = 0; t < n; t++) {
    const i = levelIndex(a[t], levels);
    const j = levelIndex(b[t], levels);
    observed[i][j]++;
    rowSum[i]++;
    colSum[j]++;
  }
  let obs = 0;
  let exp = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const w = Math.abs(i - j) / (k - 1);
      obs += (w * observed[i][j]) / n;
      exp += (w * rowSum[i] * colSum[j]) / (n * n);
    }
  return exp === 0 ? null : 1 - obs / exp;
}

/** Kendall's tau-b (ties allowed); null for fewer than two pairs or a constant list. */
export function kendallTau(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new Error(`kendallTau needs equal lengths (${x.length} vs ${y.length})`);
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < x.length; i++)
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[i] - x[j]);
      const dy = Math.sign(y[i] - y[j]);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiesX++;
      else if (dy === 0) tiesY++;
      else if (dx === dy) concordant++;
      else discordant++;
    }
  const denom = Math.sqrt((concordant + discordant + tiesX) * (concordant + discordant + tiesY));
  return denom === 0 ? null : (concordant - discordant) / denom;
}
