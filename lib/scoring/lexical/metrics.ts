// EvaluationMetricsCalculator.calculate_single_pair of the official script:
// set-based precision/recall/F1 and NLTK sentence_bleu with unigram weights (method4).
import type { LexicalScores, NltkVersion } from "../types";
import { crExp, crLog } from "./cr-math";

/** Over token SETS. */
export function setScores(pred: readonly string[], ref: readonly string[]): Omit<LexicalScores, "bleu1"> {
  const p = new Set(pred);
  const r = new Set(ref);
  let inter = 0;
  for (const t of p) if (r.has(t)) inter++;
  if (inter === 0) return { precision: 0, recall: 0, f1: 0 };
  const precision = inter / p.size;
  const recall = inter / r.size;
  // Same operation order as Python's `2 * prec * rec / (prec + rec)`.
  const f1 = (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/**
 * The script's BLEU-1 (1.0 for identical lists, else NLTK sentence_bleu with method4, 0 if it raises),
 * as bp * exp(log(m / h)) to keep the official rounding; NLTK 3.5 vs 3.8: lexical/README.md.
 */
export function bleu1(hyp: readonly string[], ref: readonly string[], nltk: NltkVersion): number {
  const h = hyp.length;
  const r = ref.length;
  if (h === 0 || r === 0) return 0;
  if (nltk === "3.5" && h === 1) return r === 1 && hyp[0] === ref[0] ? 1 : 0;
  // m = clipped matches: each hyp token takes one of the ref's remaining copies.
  const refCounts = new Map<string, number>();
  for (let i = 0; i < r; i++) refCounts.set(ref[i], (refCounts.get(ref[i]) ?? 0) + 1);
  let m = 0;
  for (let i = 0; i < h; i++) {
    const c = refCounts.get(hyp[i]);
    if (c) {
      m++;
      refCounts.set(hyp[i], c - 1);
    }
  }
  return m === 0 ? 0 : brevityPenalty(r, h) * expLogRatio(m, h);
}

// Both factors depend on small integers only, and correctly rounded exp/log is costly: memoized.
const MEMO_LIMIT = 1 << 16;
const bpMemo = new Map<number, number>();
const ratioMemo = new Map<number, number>();

/** NLTK brevity_penalty(r, h) for h > 0. */
function brevityPenalty(r: number, h: number): number {
  if (h > r) return 1;
  if (r >= 0x100000 || h >= 0x100000) return crExp(1 - r / h);
  const key = r * 0x100000 + h;
  let v = bpMemo.get(key);
  if (v === undefined) {
    v = crExp(1 - r / h);
    remember(bpMemo, key, v);
  }
  return v;
}

/** exp(log(m / h)), the unigram term of NLTK's geometric mean. */
function expLogRatio(m: number, h: number): number {
  if (m >= 0x100000 || h >= 0x100000) return crExp(crLog(m / h));
  const key = m * 0x100000 + h;
  let v = ratioMemo.get(key);
  if (v === undefined) {
    v = crExp(crLog(m / h));
    remember(ratioMemo, key, v);
  }
  return v;
}

function remember(cache: Map<number, number>, key: number, v: number): void {
  if (cache.size >= MEMO_LIMIT) cache.clear();
  cache.set(key, v);
}
