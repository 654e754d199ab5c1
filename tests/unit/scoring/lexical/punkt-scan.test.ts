// The hand-written Punkt candidate scan (punkt.ts) and the quick "word. next" decision
// (quickSentbreak in punkt-token.ts) must agree with regex-based references written the way NLTK
// finds candidates (3.5: one greedy regex; 3.8: end characters, then overlaps dropped) and with the
// full token-level decision (containsSentbreak), on the parity texts and on random text dense in
// end characters, quotes, brackets, abbreviations and collocation words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sentenceRanges } from "@/lib/scoring/lexical/punkt";
import { containsSentbreak, quickSentbreak } from "@/lib/scoring/lexical/punkt-token";
import { normalizeText } from "@/lib/scoring/lexical/py-text";
import type { NltkVersion } from "@/lib/scoring/types";
import { readFixture } from "./fixtures";

type Candidate = { end: number; nextTok: number | null; context: string };
const AFTER = String.raw`(?=([)";}\]*:@'({[!?])|( +)([^ ]+))`;

/** NLTK 3.8's _match_potential_end_contexts: end characters, the word before found separately. */
function candidates38(text: string): Candidate[] {
  const CONTEXT = new RegExp(`[.?!]${AFTER}`, "gu");
  const cands: Candidate[] = [];
  let prevStart = 0;
  let prevStop = 0;
  let prev: { index: number; after: string; nextTok: number | null } | null = null;
  const push = (p: NonNullable<typeof prev>) =>
    cands.push({
      end: p.index + 1,
      nextTok: p.nextTok,
      context: (prevStart < prevStop ? text.slice(prevStart, prevStop) : "") + text[p.index] + p.after,
    });
  for (let m = CONTEXT.exec(text); m; m = CONTEXT.exec(text)) {
    const lastSpace = text.lastIndexOf(" ", m.index - 1);
    const wordStart = lastSpace >= prevStop && lastSpace - prevStop > 0 ? lastSpace + 1 : prevStart;
    if (prev && prevStop <= wordStart) push(prev);
    prev = { index: m.index, after: m[1] ?? m[2] + m[3], nextTok: m[3] ? m.index + 1 + m[2].length : null };
    prevStart = wordStart;
    prevStop = m.index;
  }
  if (prev) push(prev);
  return cands;
}

/** NLTK 3.5's period_context_re: `\S*` (greedy) before the end character, in one regex. */
function candidates35(text: string): Candidate[] {
  const CONTEXT = new RegExp(`[^ ]*[.?!]${AFTER}`, "gu");
  const cands: Candidate[] = [];
  for (let m = CONTEXT.exec(text); m; m = CONTEXT.exec(text)) {
    const end = m.index + m[0].length;
    cands.push({ end, nextTok: m[3] ? end + m[2].length : null, context: m[0] + (m[1] ?? m[2] + m[3]) });
  }
  return cands;
}

/** Sentence ranges from candidates: _slices_from_text, then _realign_boundaries. */
function referenceRanges(text: string, nltk: NltkVersion): number[] {
  const slices: Array<[number, number]> = [];
  let lastBreak = 0;
  for (const c of nltk === "3.5" ? candidates35(text) : candidates38(text)) {
    if (!containsSentbreak(c.context)) continue;
    slices.push([lastBreak, c.end]);
    lastBreak = c.nextTok ?? c.end;
  }
  slices.push([lastBreak, text.length]);
  const out: number[] = [];
  let realign = 0;
  slices.forEach(([s0, stop], i) => {
    const start = s0 + realign;
    if (i === slices.length - 1) {
      if (start < stop) out.push(start, stop);
      return;
    }
    const [ns, ne] = slices[i + 1];
    const m = /^["')\]}]+?(?: +|(?=--)|$)/u.exec(ns < ne ? text.slice(ns, ne) : "");
    if (m) {
      out.push(start, ns + m[0].trimEnd().length);
      realign = m[0].length;
    } else {
      realign = 0;
      if (start < stop) out.push(start, stop);
    }
  });
  return out;
}

const PIECES = [
  "a",
  "b",
  "i",
  "j",
  "o",
  "x",
  "ab",
  "word",
  "next",
  "dr",
  "mr",
  "etc",
  "e.g",
  "u.s",
  "no",
  "vs",
  "jan",
  "st",
  "1",
  "12",
  "3.5",
  "##number##",
  "-",
  "--",
  ".",
  ".",
  ".",
  "..",
  "...",
  "?",
  "!",
  "?!",
  '"',
  "'",
  ")",
  "(",
  "]",
  "[",
  "}",
  "{",
  ";",
  ":",
  ",",
  "*",
  "@",
  "`",
  "\u00e9",
  "\u201d",
  "\u2019",
  " ",
  " ",
  " ",
  " ",
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((a) => normalizeText(a.join("")));

const rows = readFixture<{ pred: string; ref: string }>("parity-vectors.jsonl");

describe.each(["3.5", "3.8"] as const)(
  "the Punkt candidate scan of NLTK %s equals the regex reference",
  { timeout: 120_000 },
  (nltk) => {
    it("sentence ranges on every parity text", () => {
      const bad: string[] = [];
      for (const r of rows) {
        for (const t of [r.pred, r.ref]) {
          const n = normalizeText(t);
          if (JSON.stringify(sentenceRanges(n, nltk)) !== JSON.stringify(referenceRanges(n, nltk))) bad.push(n);
        }
      }
      expect(bad.slice(0, 5)).toEqual([]);
    });

    it("sentence ranges on random text", () => {
      fc.assert(
        fc.property(text, (t) => {
          expect(sentenceRanges(t, nltk), JSON.stringify(t)).toEqual(referenceRanges(t, nltk));
        }),
        { numRuns: 20_000 },
      );
    });
  },
);

describe("the quick Punkt decision", () => {
  it("quickSentbreak, when it decides, decides as containsSentbreak (and decides often)", () => {
    let decided = 0;
    let total = 0;
    fc.assert(
      fc.property(text, fc.nat(), (t, k) => {
        const from = t.length === 0 ? 0 : k % t.length;
        const ctx = t.slice(from);
        total++;
        const quick = quickSentbreak(t, from, t.length);
        if (quick === undefined) return;
        decided++;
        expect(quick, JSON.stringify(ctx)).toBe(containsSentbreak(ctx));
      }),
      { numRuns: 20_000 },
    );
    // Contexts shaped like the common case, so that the comparison above is not vacuous.
    const words = fc.constantFrom("a", "b", "i", "ab", "dr", "mr", "etc", "jan", "word", "no", "vs", "st", "inc");
    const next = fc.constantFrom(
      "next",
      "smith",
      "edelman",
      "magnin",
      "1",
      "a.",
      "(x",
      '"y',
      "z!",
      "dr.",
      "\u00e9t\u00e9",
    );
    fc.assert(
      fc.property(words, fc.constantFrom(".", "?", "!"), next, (w, e, n) => {
        const ctx = `${w}${e} ${n}`;
        total++;
        const quick = quickSentbreak(ctx, 0, ctx.length);
        if (quick === undefined) return;
        decided++;
        expect(quick, ctx).toBe(containsSentbreak(ctx));
      }),
      { numRuns: 5_000 },
    );
    expect(decided / total).toBeGreaterThan(0.1);
  });
});
