// EvaluationMetricsCalculator.calculate_single_pair of the official script:
// set-based precision/recall/F1 and NLTK sentence_bleu with unigram weights (method4).
import type { LexicalScores } from "../types";
import { crExp, crLog } from "./cr-math";

/** Precision, recall and F1 over token SETS (stopwords removed). */
export function setScores(pred: readonly string[], ref: readonly string[]): Omit<LexicalScores, "bleu1"> {
  const p = new Set(pred);
  const r = new Set(ref);
  if (p.size === 0 || r.size === 0) return { precision: 0, recall: 0, f1: 0 };
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
 * NLTK sentence_bleu([ref], hyp, weights=(1,0,0,0), smoothing=method4).
 * With unigram weights the zero-weighted higher orders contribute 0 to the log sum, so the
 * result is bp * exp(log(m / h)). The exp/log round trip is kept on purpose: it does not
 * always return m / h exactly, and the official value carries that rounding. exp/log are
 * computed correctly rounded (see cr-math.ts) to match glibc rather than V8's fdlibm.
 */
export function bleu1(hyp: readonly string[], ref: readonly string[]): number {
  const h = hyp.length;
  const r = ref.length;
  if (h === 0 || r === 0) return 0;
  const refCounts = new Map<string, number>();
  for (const t of ref) refCounts.set(t, (refCounts.get(t) ?? 0) + 1);
  const hypCounts = new Map<string, number>();
  for (const t of hyp) hypCounts.set(t, (hypCounts.get(t) ?? 0) + 1);
  let m = 0;
  for (const [t, c] of hypCounts) m += Math.min(c, refCounts.get(t) ?? 0);
  if (m === 0) return 0;
  return brevityPenalty(r, h) * expLogRatio(m, h);
}

// Both factors depend on small integers only and the correctly rounded exp/log cost ~1-2 us,
// so they are memoized (bounded; the cache is simply dropped when full).
const MEMO_LIMIT = 1 << 16;
const bpMemo = new Map<number, number>();
const ratioMemo = new Map<number, number>();

/** NLTK brevity_penalty(r, h) for h > 0: 1 if h > r else exp(1 - r / h). */
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

function counts(tokens: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of tokens) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

// Typical answers have a few dozen tokens: distinct tokens are then found by linear search in
// reused arrays, which beats building two hash maps of fresh strings per pair.
const SMALL = 64;
const hypKeys: string[] = [];
const hypCnt = new Int32Array(SMALL);
const refKeys: string[] = [];
const refCnt = new Int32Array(SMALL);

/** Distinct tokens into keys[0..d) with their counts; returns d. */
function distinct(tokens: readonly string[], keys: string[], cnt: Int32Array): number {
  let d = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    let k = 0;
    while (k < d && keys[k] !== t) k++;
    if (k === d) {
      keys[d] = t;
      cnt[d++] = 1;
    } else cnt[k]++;
  }
  return d;
}

/**
 * All four metrics from the BLEU token lists (punctuation removed, stopwords kept): the P/R sets
 * are the distinct BLEU tokens that are not stopwords, so one count table per side serves both.
 * Same results as setScores + bleu1 on the separately filtered lists, with less allocation.
 */
export function scorePair(hyp: readonly string[], ref: readonly string[], stop: ReadonlySet<string>): LexicalScores {
  if (hyp.length > SMALL || ref.length > SMALL) return scorePairLarge(hyp, ref, stop);
  const dh = distinct(hyp, hypKeys, hypCnt);
  const dr = distinct(ref, refKeys, refCnt);
  let m = 0;
  let p = 0;
  let inter = 0;
  for (let i = 0; i < dh; i++) {
    const t = hypKeys[i];
    let k = 0;
    while (k < dr && refKeys[k] !== t) k++;
    const found = k < dr;
    if (found) m += hypCnt[i] < refCnt[k] ? hypCnt[i] : refCnt[k];
    if (!stop.has(t)) {
      p++;
      if (found) inter++;
    }
  }
  let r = 0;
  for (let k = 0; k < dr; k++) if (!stop.has(refKeys[k])) r++;
  // Do not keep the strings alive between calls.
  hypKeys.length = 0;
  refKeys.length = 0;
  return finish(p, r, inter, m, hyp.length, ref.length);
}

function scorePairLarge(hyp: readonly string[], ref: readonly string[], stop: ReadonlySet<string>): LexicalScores {
  const hypCounts = counts(hyp);
  const refCounts = counts(ref);
  let m = 0;
  let p = 0;
  let inter = 0;
  for (const [t, c] of hypCounts) {
    const rc = refCounts.get(t);
    if (rc !== undefined) m += c < rc ? c : rc;
    if (!stop.has(t)) {
      p++;
      if (rc !== undefined) inter++;
    }
  }
  let r = 0;
  for (const t of refCounts.keys()) if (!stop.has(t)) r++;
  return finish(p, r, inter, m, hyp.length, ref.length);
}

/** P/R/F1 from distinct counts (p hyp, r ref, inter shared) and BLEU-1 from m clipped matches. */
export function finish(p: number, r: number, inter: number, m: number, h: number, refLen: number): LexicalScores {
  let precision = 0;
  let recall = 0;
  let f1 = 0;
  if (p > 0 && r > 0 && inter > 0) {
    precision = inter / p;
    recall = inter / r;
    f1 = (2 * precision * recall) / (precision + recall);
  }
  const bleu1 = h === 0 || refLen === 0 || m === 0 ? 0 : brevityPenalty(refLen, h) * expLogRatio(m, h);
  return { precision, recall, f1, bleu1 };
}
