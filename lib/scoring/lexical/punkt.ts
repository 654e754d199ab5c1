// Punkt sentence splitting (NLTK 3.8 PunktSentenceTokenizer.tokenize with realignment).
// Input contract: output of collapseWhitespace (single spaces, stripped, no newlines).
import { containsSentbreak } from "./punkt-token";

// A sentence-end character followed by either non-word punctuation or whitespace plus
// the next token; the next token's start becomes the next sentence's start.
const PERIOD_CONTEXT = /[.?!](?=([)";}\]*:@'({[!?])|( +)([^ ]+))/gu;

/** A break needs an end char followed by something; a final one alone never splits. */
function hasInnerEndChar(text: string): boolean {
  for (let i = text.length - 2; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 46 || c === 63 || c === 33) return true;
  }
  return false;
}
// Closing quotes/brackets that belong to the previous sentence.
const REALIGN = /^["')\]}]+?(?: +|(?=--)|$)/u;

type Candidate = { start: number; end: number; nextTok: number | null; context: string };

/** The candidate breaks with their context (prev word + end char + following token). */
function endContexts(text: string): Candidate[] {
  const out: Candidate[] = [];
  let prevStart = 0;
  let prevStop = 0;
  let prev: { index: number; after: string; nextTok: number | null } | null = null;
  PERIOD_CONTEXT.lastIndex = 0;
  for (let m = PERIOD_CONTEXT.exec(text); m; m = PERIOD_CONTEXT.exec(text)) {
    // Start of the word before this match: after the last space since the previous
    // slice (a space at offset 0 counts as none, as in NLTK), else the previous start.
    // Only spaces at or after prevStop matter: scanning back no further keeps this linear
    // (lastIndexOf from m.index made a long text without spaces, e.g. "!?!?...", quadratic).
    let lastSpace = -1;
    for (let i = m.index - 1; i >= prevStop; i--) {
      if (text.charCodeAt(i) === 32) {
        lastSpace = i;
        break;
      }
    }
    const rel = lastSpace >= 0 ? lastSpace - prevStop : -1;
    const wordStart = rel > 0 ? lastSpace + 1 : prevStart;
    if (prev && prevStop <= wordStart) out.push(candidate(text, prevStart, prevStop, prev));
    const after = m[1] ?? m[2] + m[3];
    prev = { index: m.index, after, nextTok: m[3] ? m.index + 1 + m[2].length : null };
    prevStart = wordStart;
    prevStop = m.index;
  }
  if (prev) out.push(candidate(text, prevStart, prevStop, prev));
  return out;
}

function candidate(
  text: string,
  sliceStart: number,
  sliceStop: number,
  m: { index: number; after: string; nextTok: number | null },
): Candidate {
  const context = (sliceStart < sliceStop ? text.slice(sliceStart, sliceStop) : "") + text[m.index] + m.after;
  return { start: m.index, end: m.index + 1, nextTok: m.nextTok, context };
}

/** Sentence slices [start, stop) before realignment. */
function rawSlices(text: string): Array<[number, number]> {
  const slices: Array<[number, number]> = [];
  let lastBreak = 0;
  for (const c of endContexts(text)) {
    if (!containsSentbreak(c.context)) continue;
    slices.push([lastBreak, c.end]);
    lastBreak = c.nextTok ?? c.end;
  }
  slices.push([lastBreak, text.length]);
  return slices;
}

const sub = (text: string, a: number, b: number) => (a < b ? text.slice(a, b) : "");

/**
 * Sentence ranges of normalized text as [start0, stop0, start1, stop1, ...]; stop <= start is an
 * empty sentence. Ranges let callers scan the (flat) text itself: V8 reads characters of a
 * sliced string several times slower than those of a flat one.
 */
export function sentenceRanges(text: string): number[] {
  if (!hasInnerEndChar(text)) return text === "" ? [] : [0, text.length];
  const slices = rawSlices(text);
  const out: number[] = [];
  let realign = 0;
  for (let i = 0; i < slices.length; i++) {
    const start = slices[i][0] + realign;
    const stop = slices[i][1];
    if (i === slices.length - 1) {
      if (start < stop) out.push(start, stop);
      continue;
    }
    const [nextStart, nextStop] = slices[i + 1];
    const m = REALIGN.exec(sub(text, nextStart, nextStop));
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

/** Split normalized text into sentences. */
export function sentences(text: string): string[] {
  const r = sentenceRanges(text);
  const out: string[] = [];
  for (let i = 0; i < r.length; i += 2) out.push(sub(text, r[i], r[i + 1]));
  return out;
}
