// Submissions and the answer key both go through here, so no known spelling vanishes from a table.
import { CATEGORIES, CATEGORY_CODES, MAIN_TYPE_NAMES, MAIN_TYPES, type CategoryCode, type MainType } from "./types";

const ABBR_SUFFIX = new RegExp(`\\s*\\((${CATEGORY_CODES.join("|")})\\)$`, "i");

function fold(raw: string): string {
  return raw.trim().replace(/\s+/g, " ").toLowerCase();
}

const LOOKUP: Map<string, CategoryCode> = (() => {
  const map = new Map<string, CategoryCode>();
  for (const info of Object.values(CATEGORIES)) {
    map.set(fold(info.code), info.code);
    map.set(fold(info.name), info.code);
    for (const alias of info.aliases) map.set(fold(alias), info.code);
  }
  return map;
})();

/** Null must be reported, never dropped; "Name (ABBR)" must agree, never guessed. */
export function normalizeCategory(raw: string): CategoryCode | null {
  if (typeof raw !== "string") return null;
  const folded = fold(raw);
  const suffix = ABBR_SUFFIX.exec(folded);
  if (suffix) {
    const base = folded.slice(0, suffix.index).trim();
    const fromBase = LOOKUP.get(base) ?? null;
    const fromSuffix = suffix[1].toUpperCase() as CategoryCode;
    if (base === "") return fromSuffix;
    return fromBase === fromSuffix ? fromBase : null;
  }
  return LOOKUP.get(folded) ?? null;
}

export function normalizeMainType(raw: string): MainType | null {
  const folded = fold(raw);
  for (const type of MAIN_TYPES) {
    if (fold(MAIN_TYPE_NAMES[type]) === folded || type.toLowerCase() === folded) return type;
  }
  return null;
}

export function allowedCategoryNames(): string {
  return CATEGORY_CODES.map((c) => `"${CATEGORIES[c].name}" (${c})`).join(", ");
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** What an unknown category most likely meant: a main type (with its sub-types) or the nearest spelling. */
export type CategoryHint =
  { kind: "mainType"; mainType: MainType; subTypes: string[] } | { kind: "spelling"; code: CategoryCode; name: string };

export function suggestCategory(raw: string): CategoryHint | null {
  const folded = fold(raw.replace(/[-_]+/g, " "));
  if (folded === "" || folded.length > 100) return null;
  const mainType = normalizeMainType(folded);
  if (mainType) {
    const subTypes = CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === mainType).map((c) => CATEGORIES[c].name);
    return { kind: "mainType", mainType, subTypes };
  }
  let best: { code: CategoryCode; d: number } | null = null;
  for (const [spelling, code] of LOOKUP) {
    if (spelling.length <= 3) continue; // codes: one typo away from another code
    // A lone first word ("temporal") counts as one edit from its full name.
    const d = spelling.startsWith(`${folded} `) ? 1 : editDistance(folded, spelling);
    if (!best || d < best.d) best = { code, d };
  }
  // About one typo per four letters; more and the guess is noise.
  if (!best || best.d > Math.max(2, Math.floor(folded.length / 4))) return null;
  return { kind: "spelling", code: best.code, name: CATEGORIES[best.code].name };
}

/** The fix and params of every UNKNOWN_CATEGORY issue (validator, answer key, scorer), one wording. */
export function unknownCategoryFix(raw: string): { fix: string; params: Record<string, string> } {
  const hint = suggestCategory(raw);
  const allowed = allowedCategoryNames();
  const value = raw.slice(0, 100);
  if (hint?.kind === "mainType") {
    const subTypes = hint.subTypes.map((n) => `"${n}"`).join(", ");
    return {
      fix: `"${value}" is a main type, not a category; its categories are ${subTypes}. Use the one that fits the question (all: ${allowed}).`,
      params: { value, allowed, guess: "mainType", suggestion: MAIN_TYPE_NAMES[hint.mainType], subTypes },
    };
  }
  if (hint) {
    return {
      fix: `Did you mean "${hint.name}"? Use one of: ${allowed}.`,
      params: { value, allowed, guess: "spelling", suggestion: hint.name, subTypes: "" },
    };
  }
  return { fix: `Use one of: ${allowed}.`, params: { value, allowed, guess: "none", suggestion: "", subTypes: "" } };
}
