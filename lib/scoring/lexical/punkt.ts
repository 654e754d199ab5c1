// Punkt sentence splitting (NLTK PunktSentenceTokenizer.tokenize with realignment).
// Input contract: output of collapseWhitespace (single spaces, stripped, no newlines).
import type { NltkVersion } from "../types";
import { containsSentbreak, quickSentbreak } from "./punkt-token";

// NLTK 3.5 vs 3.8 candidates differ (3.8's ReDoS fix #2869): lexical/README.md.
const KEEPS_WORD_INITIAL_CANDIDATE: Record<NltkVersion, boolean> = { "3.5": false, "3.8": true };

// Candidate breaks: Punkt's period-context regex [.?!](?=([)";}\]*:@'({[!?])|( +)([^ ]+)), scanned by hand.
const NON_WORD = new Uint8Array(128);
for (const ch of ")\";}]*:@'({[!?") NON_WORD[ch.charCodeAt(0)] = 1;

/** A break needs an end char followed by something; a final one alone never splits. */
function hasInnerEndChar(text: string): boolean {
  const last = text.length - 1;
  const p = text.indexOf(".");
  if (p >= 0 && p < last) return true;
  const q = text.indexOf("?");
  if (q >= 0 && q < last) return true;
  const e = text.indexOf("!");
  return e >= 0 && e < last;
}
// Closing quotes/brackets that belong to the previous sentence.
const REALIGN = /^["')\]}]+?(?: +|(?=--)|$)/u;
const mayRealign = (c: number) => c === 34 || c === 39 || c === 41 || c === 93 || c === 125;

function breaksAt(text: string, from: number, to: number): boolean {
  const quick = quickSentbreak(text, from, to);
  if (quick !== undefined) return quick;
  const context = text.slice(from, to);
  if (context.length > MEMO_MAX_CHARS) return containsSentbreak(context);
  let v = memo.get(context);
  if (v === undefined) {
    v = containsSentbreak(context);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    // A slice of 13+ characters is a view of the whole text: keep a flat copy instead.
    memo.set(context.length < 13 ? context : (" " + context).slice(1), v);
  }
  return v;
}

// Undecided contexts recur across answers ("dr. wu") and depend on the context alone: memoized, bounded.
const MEMO_LIMIT = 4096;
const MEMO_MAX_CHARS = 64;
const memo = new Map<string, boolean>();

export function clearSentbreakMemo(): void {
  memo.clear();
}

/** Index of the next . ? or ! at or after `from` (or -1). */
class EndChars {
  private dot: number;
  private question: number;
  private bang: number;
  constructor(private readonly text: string) {
    this.dot = text.indexOf(".");
    this.question = text.indexOf("?");
    this.bang = text.indexOf("!");
  }
  next(from: number): number {
    const t = this.text;
    if (this.dot >= 0 && this.dot < from) this.dot = t.indexOf(".", from);
    if (this.question >= 0 && this.question < from) this.question = t.indexOf("?", from);
    if (this.bang >= 0 && this.bang < from) this.bang = t.indexOf("!", from);
    let i = this.dot;
    if (this.question >= 0 && (i < 0 || this.question < i)) i = this.question;
    if (this.bang >= 0 && (i < 0 || this.bang < i)) i = this.bang;
    return i;
  }
}

/** Sentence slices before realignment, as [start0, stop0, start1, stop1, ...]. */
function rawSlices(text: string, nltk: NltkVersion): number[] {
  const slices: number[] = [];
  let lastBreak = 0;
  const n = text.length;
  // The previous match, reported once the next one shows that its context is complete.
  let prevAt = -1;
  let prevStart = 0;
  let prevAfter = 0;
  let prevNext = -1;
  const ends = new EndChars(text);
  for (let i = ends.next(0); i >= 0 && i < n - 1; i = ends.next(i + 1)) {
    const d = text.charCodeAt(i + 1);
    let after: number;
    let nextTok = -1;
    if (d < 128 && NON_WORD[d] === 1) after = i + 2;
    else if (d === 32) {
      let j = i + 1;
      while (j < n && text.charCodeAt(j) === 32) j++;
      if (j === n) continue;
      const k = text.indexOf(" ", j + 1);
      nextTok = j;
      after = k < 0 ? n : k;
    } else continue;
    // Start of the word before this match; scanning back no further than the previous match keeps this linear.
    const floor = prevAt > 0 ? prevAt : 0;
    let back = i - 1;
    while (back > floor && text.charCodeAt(back) !== 32) back--;
    const wordStart = back > floor ? back + 1 : prevStart;
    const keepPrev = prevAt < wordStart || (prevAt === wordStart && KEEPS_WORD_INITIAL_CANDIDATE[nltk]);
    if (prevAt >= 0 && keepPrev && breaksAt(text, prevStart < prevAt ? prevStart : prevAt, prevAfter)) {
      slices.push(lastBreak, prevAt + 1);
      lastBreak = prevNext >= 0 ? prevNext : prevAt + 1;
    }
    prevAt = i;
    prevStart = wordStart;
    prevAfter = after;
    prevNext = nextTok;
  }
  if (prevAt >= 0 && breaksAt(text, prevStart < prevAt ? prevStart : prevAt, prevAfter)) {
    slices.push(lastBreak, prevAt + 1);
    lastBreak = prevNext >= 0 ? prevNext : prevAt + 1;
  }
  slices.push(lastBreak, n);
  return slices;
}

const sub = (text: string, a: number, b: number) => (a < b ? text.slice(a, b) : "");

/** [start0, stop0, ...] (stop <= start: empty), so callers scan the flat text itself. */
export function sentenceRanges(text: string, nltk: NltkVersion): number[] {
  if (!hasInnerEndChar(text)) return text === "" ? [] : [0, text.length];
  const slices = rawSlices(text, nltk);
  const out: number[] = [];
  let realign = 0;
  const last = slices.length - 2;
  for (let i = 0; i <= last; i += 2) {
    const start = slices[i] + realign;
    const stop = slices[i + 1];
    if (i === last) {
      if (start < stop) out.push(start, stop);
      continue;
    }
    const nextStart = slices[i + 2];
    const nextStop = slices[i + 3];
    const m =
      nextStart < nextStop && mayRealign(text.charCodeAt(nextStart))
        ? REALIGN.exec(sub(text, nextStart, nextStop))
        : null;
    if (m) {
      out.push(start, nextStart + m[0].trimEnd().length);
      realign = m[0].length;
    } else {
      realign = 0;
      if (start < stop) out.push(start, stop);
    }
  }
  return out;
}

export function sentences(text: string, nltk: NltkVersion): string[] {
  const r = sentenceRanges(text, nltk);
  const out: string[] = [];
  for (let i = 0; i < r.length; i += 2) out.push(sub(text, r[i], r[i + 1]));
  return out;
}
