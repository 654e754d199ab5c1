import { JUDGE_LEVELS, type JudgeLevel } from "./prompt";

// Reply parsing, following the official rules (benchmark doc §8) and made tolerant of the
// ways real models wrap JSON: code fences, prose before/after, brackets inside that prose.

export type JudgedItem = { score: JudgeLevel; reasoning: string; rawScore: number; snapped: boolean };
export type ParsedReply = {
  results: Map<string, JudgedItem>;
  /** Expected ids with no usable item in the reply: they must be asked again. */
  missing: string[];
  /** Ids in the reply that were not asked for (ignored). */
  unexpected: string[];
  /** Items dropped for a bad or missing id or score. */
  dropped: number;
  /** Set when no JSON array could be read at all. */
  error: string | null;
};

/**
 * Snaps a numeric score to the nearest rubric level. Tie rule (undocumented officially):
 * an exact midpoint goes DOWN (0.125 -> 0, 0.625 -> 0.5), so the judge never gains from
 * an ambiguous number. Out-of-range values snap to 0 or 1.
 */
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

function positions(text: string, ch: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(ch); i !== -1; i = text.indexOf(ch, i + 1)) out.push(i);
  return out;
}

function tryArray(span: string): unknown[] | null {
  try {
    const v: unknown = JSON.parse(span);
    return Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

const MAX_CANDIDATES = 24;

/** The official span (first `[` to last `]`), else the best-scoring bracketed candidate. */
function findArray(text: string, expected: Set<string>): unknown[] | null {
  const opens = positions(text, "[");
  const closes = positions(text, "]");
  if (opens.length === 0 || closes.length === 0) return null;
  const primary = tryArray(text.slice(opens[0], closes[closes.length - 1] + 1));
  if (primary) return primary;
  let best: unknown[] | null = null;
  let bestHits = -1;
  for (const o of opens.slice(0, MAX_CANDIDATES)) {
    for (const c of closes.slice(-MAX_CANDIDATES).reverse()) {
      if (c <= o) continue;
      const arr = tryArray(text.slice(o, c + 1));
      if (!arr) continue;
      const hits = arr.filter((it) => isObj(it) && expected.has(idOf(it) ?? "")).length;
      if (hits > bestHits) [best, bestHits] = [arr, hits];
    }
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

export function parseJudgeReply(text: string, expectedIds: readonly string[]): ParsedReply {
  const expected = new Set(expectedIds);
  const results = new Map<string, JudgedItem>();
  const unexpected: string[] = [];
  let dropped = 0;
  const arr = findArray(text ?? "", expected);
  if (!arr) {
    return { results, missing: [...expectedIds], unexpected, dropped, error: "reply contains no JSON array" };
  }
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
    if (results.has(id)) continue; // first answer for an id wins
    const score = snapScore(raw);
    const reasoning = typeof item.reasoning === "string" ? item.reasoning : item.reasoning == null ? "" : JSON.stringify(item.reasoning);
    results.set(id, { score, reasoning, rawScore: raw, snapped: score !== raw });
  }
  const missing = expectedIds.filter((id) => !results.has(id));
  return { results, missing, unexpected, dropped, error: null };
}
