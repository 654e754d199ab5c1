import { JUDGE_LEVELS, type JudgeLevel } from "./prompt";

// The official rules (benchmark doc §8), tolerant of code fences and prose around the JSON.

export type JudgedItem = { score: JudgeLevel; reasoning: string; rawScore: number; snapped: boolean };
export type ParsedReply = {
  results: Map<string, JudgedItem>;
  /** Expected ids with no usable item in the reply: they must be asked again. */
  missing: string[];
  unexpected: string[];
  dropped: number;
  error: string | null;
};

/** An exact midpoint snaps DOWN so the judge never gains from an ambiguous number. */
export function snapScore(x: number): JudgeLevel {
  // Clamp first: for |x| >= 2^53, x - 1 rounds to x - 0, so 1e300 would tie and snap to 0.
  const v = Math.min(1, Math.max(0, x));
  let best: JudgeLevel = JUDGE_LEVELS[0];
  for (const level of JUDGE_LEVELS) {
    if (Math.abs(v - level) < Math.abs(v - best)) best = level;
  }
  return best;
}

function toScore(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  // "0.75" is numeric in meaning; "high" or "" is not and drops the item.
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function tryArray(span: string): unknown[] | null {
  try {
    const v: unknown = JSON.parse(span);
    return Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/** Anything longer cannot be legitimate; refusing it bounds the parser's work. */
export function replyCharLimit(maxTokens: number): number {
  return Math.max(65_536, 16 * maxTokens);
}
export const MAX_REPLY_CHARS = replyCharLimit(65_536);
const MAX_CANDIDATES = 24;
/** A reply's array nests one or two deep. */
const MAX_CANDIDATE_DEPTH = 32;
const [OPEN, CLOSE, QUOTE, BACKSLASH] = ["[", "]", '"', "\\"].map((c) => c.charCodeAt(0));

/** The `]` closing the `[` at `open`, or -1: one scan and at most one JSON.parse per candidate. */
function matchingClose(text: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) inString = true;
    else if (ch === OPEN) {
      if (++depth > MAX_CANDIDATE_DEPTH) return -1;
    } else if (ch === CLOSE && --depth === 0) return i;
  }
  return -1;
}

/** The official span (first `[` to last `]`), else the bracketed array that answers most asked ids. */
function findArray(text: string, expected: Set<string>): unknown[] | null {
  const first = text.indexOf("[");
  const last = text.lastIndexOf("]");
  if (first === -1 || last < first) return null;
  const primary = tryArray(text.slice(first, last + 1));
  if (primary) return primary;
  let best: unknown[] | null = null;
  let bestHits = -1;
  for (let o = first, n = 0; o !== -1 && o < last && n < MAX_CANDIDATES; o = text.indexOf("[", o + 1), n++) {
    const c = matchingClose(text, o);
    const arr = c === -1 ? null : tryArray(text.slice(o, c + 1));
    if (!arr) continue;
    const hits = arr.filter((it) => isObj(it) && expected.has(idOf(it) ?? "")).length;
    if (hits > bestHits) [best, bestHits] = [arr, hits];
  }
  return best;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function idOf(item: Record<string, unknown>): string | null {
  const raw = item.question_id;
  if (typeof raw === "string" && raw.trim() !== "") return raw.trim();
  if (typeof raw === "number" && Number.isFinite(raw)) return String(raw);
  return null;
}

export type ParseOptions = { maxChars?: number };

export function parseJudgeReply(text: string, expectedIds: readonly string[], opts: ParseOptions = {}): ParsedReply {
  const expected = new Set(expectedIds);
  const results = new Map<string, JudgedItem>();
  const unexpected: string[] = [];
  let dropped = 0;
  const fail = (error: string): ParsedReply => ({ results, missing: [...expectedIds], unexpected, dropped, error });
  const reply = text ?? "";
  const maxChars = opts.maxChars ?? MAX_REPLY_CHARS;
  if (reply.length > maxChars)
    return fail(`reply is ${reply.length} characters long, more than the ${maxChars} read for this request`);
  const arr = findArray(reply, expected);
  if (!arr) return fail("reply contains no JSON array");
  for (const item of arr) {
    if (!isObj(item)) {
      dropped++;
      continue;
    }
    const id = idOf(item);
    const raw = toScore(item.score);
    if (id === null || raw === null) {
      dropped++;
      continue;
    }
    if (!expected.has(id)) {
      unexpected.push(id);
      continue;
    }
    if (results.has(id)) continue;
    const score = snapScore(raw);
    const reasoning =
      typeof item.reasoning === "string"
        ? item.reasoning
        : item.reasoning == null
          ? ""
          : JSON.stringify(item.reasoning);
    results.set(id, { score, reasoning, rawScore: raw, snapped: score !== raw });
  }
  const missing = expectedIds.filter((id) => !results.has(id));
  return { results, missing, unexpected, dropped, error: null };
}
