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
