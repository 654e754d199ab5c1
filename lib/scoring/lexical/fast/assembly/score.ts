// All four metrics of a pair from its raw token lists, counted on interned ids: ../../reference.ts's
// definitions (../../metrics.ts): set precision/recall/F1 over the tokens without stopwords and
// punctuation, BLEU-1 (NLTK sentence_bleu, unigram weights, method4) over the tokens without
// punctuation. Each pair is tokenized once; the filters are flag lookups, counts epoch-stamped.
import { Ints } from "./buffers";
import { crExp, crLog } from "./cr-math";
import { F_PUNCT, F_STOP_NEW, F_STOP_OLD, MAX_BYTES, MAX_IDS, clearTable, flags, intern, internedBytes, internedCount } from "./intern";

// Per id, 16 bytes: hypothesis stamp and count, reference stamp and count (one cache line per
// token). A count is valid only if its stamp is the current pair's epoch: nothing is cleared per
// pair, and an emptied table needs nothing cleared either (its ids' old stamps are older epochs).
const counts: usize = heap.alloc(<usize>MAX_IDS << 4);
let epoch = 0;
const hypDistinct = new Ints(256);

function tokenBytes(tokens: Ints): i32 {
  let n = 0;
  for (let k = 0; k < tokens.n; k += 2) n += tokens.at(k + 1) - tokens.at(k);
  return n;
}

/**
 * Scores of a pair (hyp = system answer, ref = reference; token lists of [start, end) pointers)
 * written as four f64 at out; false when the pair is too large for the table (the host scores it).
 */
export function scorePair(hyp: Ints, ref: Ints, oldStopwords: bool, out: usize): bool {
  const hn = hyp.n >> 1;
  const rn = ref.n >> 1;
  const bytes = tokenBytes(hyp) + tokenBytes(ref);
  if (hn + rn > MAX_IDS / 2 || bytes > MAX_BYTES / 2) return false;
  if (internedCount() + hn + rn > MAX_IDS || internedBytes() + bytes > MAX_BYTES) clearTable();
  if (epoch == 0x7fffffff) {
    memory.fill(counts, 0, <usize>MAX_IDS << 4);
    epoch = 0;
  }
  epoch++;
  const stopFlag = oldStopwords ? F_STOP_OLD : F_STOP_NEW;
  hypDistinct.reserve(hn);
  let dh = 0;
  let h = 0;
  for (let i = 0; i < hn; i++) {
    const id = intern(<usize>hyp.at(2 * i), <usize>hyp.at(2 * i + 1));
    if ((load<u8>(flags + id) & F_PUNCT) != 0) continue;
    h++;
    const c = counts + (<usize>id << 4);
    if (load<i32>(c) != epoch) {
      store<i32>(c, epoch);
      store<i32>(c, 1, 4);
      hypDistinct.put(dh++, id);
    } else store<i32>(c, load<i32>(c, 4) + 1, 4);
  }
  let refLen = 0;
  let r = 0;
  for (let i = 0; i < rn; i++) {
    const id = intern(<usize>ref.at(2 * i), <usize>ref.at(2 * i + 1));
    const f = load<u8>(flags + id);
    if ((f & F_PUNCT) != 0) continue;
    refLen++;
    const c = counts + (<usize>id << 4);
    if (load<i32>(c, 8) != epoch) {
      store<i32>(c, epoch, 8);
      store<i32>(c, 1, 12);
      if ((f & stopFlag) == 0) r++;
    } else store<i32>(c, load<i32>(c, 12) + 1, 12);
  }
  let m = 0;
  let p = 0;
  let inter = 0;
  for (let k = 0; k < dh; k++) {
    const id = hypDistinct.at(k);
    const c = counts + (<usize>id << 4);
    const inRef = load<i32>(c, 8) == epoch;
    if (inRef) m += min(load<i32>(c, 4), load<i32>(c, 12));
    if ((load<u8>(flags + id) & stopFlag) == 0) {
      p++;
      if (inRef) inter++;
    }
  }
  finish(p, r, inter, m, h, refLen, out);
  return true;
}

/** P/R/F1 from distinct content tokens (p hyp, r ref, inter shared); BLEU-1 from m clipped matches of h hyp and refLen ref tokens. */
function finish(p: i32, r: i32, inter: i32, m: i32, h: i32, refLen: i32, out: usize): void {
  let precision: f64 = 0;
  let recall: f64 = 0;
  let f1: f64 = 0;
  if (p != 0 && r != 0 && inter != 0) {
    precision = <f64>inter / <f64>p;
    recall = <f64>inter / <f64>r;
    f1 = (2 * precision * recall) / (precision + recall);
  }
  const bleu = h == 0 || refLen == 0 || m == 0 ? 0 : brevityPenalty(refLen, h) * expLogRatio(m, h);
  store<f64>(out, precision);
  store<f64>(out, recall, 8);
  store<f64>(out, f1, 16);
  store<f64>(out, bleu, 24);
}

// Both factors depend on two small integers, and a correctly rounded exp/log costs ~100 times a
// division: remembered in small direct-mapped caches (key 0 = empty; keys are never 0).
const MEMO = 4096;
const bpKeys = new StaticArray<i64>(MEMO);
const bpValues = new StaticArray<f64>(MEMO);
const ratioKeys = new StaticArray<i64>(MEMO);
const ratioValues = new StaticArray<f64>(MEMO);

function slotOf(key: i64): i32 {
  return <i32>((key * 0x9e3779b97f4a7c15) >>> 52) & (MEMO - 1);
}

/** NLTK brevity_penalty(r, h) for h > 0: 1 if h > r else exp(1 - r / h). */
function brevityPenalty(r: i32, h: i32): f64 {
  if (h > r) return 1;
  const key = (<i64>r << 32) | <i64>h;
  const s = slotOf(key);
  if (unchecked(bpKeys[s]) == key) return unchecked(bpValues[s]);
  const v = crExp(1 - <f64>r / <f64>h);
  unchecked((bpKeys[s] = key));
  unchecked((bpValues[s] = v));
  return v;
}

/** exp(log(m / h)), the unigram term of NLTK's geometric mean. */
function expLogRatio(m: i32, h: i32): f64 {
  const key = (<i64>m << 32) | <i64>h;
  const s = slotOf(key);
  if (unchecked(ratioKeys[s]) == key) return unchecked(ratioValues[s]);
  const v = crExp(crLog(<f64>m / <f64>h));
  unchecked((ratioKeys[s] = key));
  unchecked((ratioValues[s] = v));
  return v;
}
