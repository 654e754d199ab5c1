// The hand-written Punkt candidate scan (punkt.ts) and the quick "word. next" decision
// (quickSentbreak in punkt-token.ts) must agree with the regex-based reference they replaced and
// with the full token-level decision (containsSentbreak), on the parity texts and on random text
// dense in end characters, quotes, brackets, abbreviations and collocation words.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sentenceRanges } from "@/lib/scoring/lexical/punkt";
import { containsSentbreak, quickSentbreak } from "@/lib/scoring/lexical/punkt-token";
import { normalizeText } from "@/lib/scoring/lexical/py-text";

/** The previous implementation: NLTK's period-context regex, contexts built as strings. */
function referenceRanges(text: string): number[] {
  const CONTEXT = /[.?!](?=([)";}\]*:@'({[!?])|( +)([^ ]+))/gu;
  const cands: Array<{ end: number; nextTok: number | null; context: string }> = [];
  let prevStart = 0;
  let prevStop = 0;
  let prev: { index: number; after: string; nextTok: number | null } | null = null;
  const push = (p: NonNullable<typeof prev>) =>
    cands.push({ end: p.index + 1, nextTok: p.nextTok, context: (prevStart < prevStop ? text.slice(prevStart, prevStop) : "") + text[p.index] + p.after });
  for (let m = CONTEXT.exec(text); m; m = CONTEXT.exec(text)) {
    const lastSpace = text.lastIndexOf(" ", m.index - 1);
    const wordStart = lastSpace >= prevStop && lastSpace - prevStop > 0 ? lastSpace + 1 : prevStart;
    if (prev && prevStop <= wordStart) push(prev);
    prev = { index: m.index, after: m[1] ?? m[2] + m[3], nextTok: m[3] ? m.index + 1 + m[2].length : null };
    prevStart = wordStart;
    prevStop = m.index;
  }
  if (prev) push(prev);
  const slices: Array<[number, number]> = [];
  let lastBreak = 0;
  for (const c of cands) {
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
  "a", "b", "i", "j", "o", "x", "ab", "word", "next", "dr", "mr", "etc", "e.g", "u.s", "no", "vs", "jan", "st",
  "1", "12", "3.5", "##number##", "-", "--", ".", ".", ".", "..", "...", "?", "!", "?!", '"', "'", ")", "(", "]", "[",
  "}", "{", ";", ":", ",", "*", "@", "`", "\u00e9", "\u201d", "\u2019", " ", " ", " ", " ",
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((a) => normalizeText(a.join("")));

const rows = readFileSync(new URL("../../../fixtures/lexical/parity-vectors.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as { pred: string; ref: string });

describe("Punkt fast paths equal the reference", { timeout: 120_000 }, () => {
  it("sentence ranges on every parity text", () => {
    const bad: string[] = [];
    for (const r of rows) {
      for (const t of [r.pred, r.ref]) {
        const n = normalizeText(t);
        if (JSON.stringify(sentenceRanges(n)) !== JSON.stringify(referenceRanges(n))) bad.push(n);
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });

  it("sentence ranges on random text", () => {
    fc.assert(fc.property(text, (t) => {
      expect(sentenceRanges(t), JSON.stringify(t)).toEqual(referenceRanges(t));
    }), { numRuns: 20_000 });
  });

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
    const next = fc.constantFrom("next", "smith", "edelman", "magnin", "1", "a.", "(x", '"y', "z!", "dr.", "\u00e9t\u00e9");
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
