import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "../../support/import-graph";

// One grammar of scorer versions (issue 29): lib/scoring/scorer-version.ts formats and parses
// them, and nothing else spells a version's parts or takes a version string apart. A copy is how
// readers drift: a SQL filter or a page that still says "+nltk+" silently misses every row
// written after the NLTK mode was named. Comments may talk about versions; code may not.

const HOME = "lib/scoring/scorer-version.ts";
// Documented exceptions, each with why it cannot go through the module.
const ALLOWED: Record<string, string> = {
  // The lexical algorithm's own name (owned by the lexical engine); the module composes it.
  "lib/scoring/lexical/index.ts": "LEXICAL_VERSION",
};

const FORBIDDEN: Array<[RegExp, string]> = [
  [/\\?\+(judge|key)=/, "a version part (+judge= / +key=)"],
  [/\blex-\d/, "the lexical version (lex-1)"],
  [/\\?\+(nltk|whitespace)\b/, "a tokenizer mode part (+nltk / +whitespace)"],
  [/\bnltk3[58]\b/, "an NLTK mode token (nltk35 / nltk38)"],
  [/\\?\+sw(198|179)\b/, "a stopword part (+sw198)"],
  [
    /\b\w*[vV]ersion\??\.(split|indexOf|lastIndexOf|startsWith|endsWith|includes|match|replace)\(/,
    "ad-hoc parsing of a version string",
  ],
];

/** The file without comments (a line comment starts at `//` after a space or a line start). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
}

const FILES = ["app", "components", "lib", "workers", "cli"].flatMap(sourceFiles);
const MESSAGES = ["lib/i18n/messages/en.json", "lib/i18n/messages/zh.json"];

function offenders(): string[] {
  const out: string[] = [];
  for (const f of [...FILES, ...MESSAGES]) {
    if (f === HOME || f in ALLOWED) continue;
    const text = f.endsWith(".json")
      ? readFileSync(path.join(ROOT, f), "utf8")
      : code(readFileSync(path.join(ROOT, f), "utf8"));
    text.split("\n").forEach((line, i) => {
      for (const [re, what] of FORBIDDEN)
        if (re.test(line)) out.push(`${f}:${i + 1}: ${what}: ${line.trim().slice(0, 120)}`);
    });
  }
  return out;
}

describe("one scorer-version grammar", () => {
  it("scans the code it guards", () => {
    expect(FILES).toEqual(
      expect.arrayContaining([
        HOME,
        "lib/server/versions/current-version.ts",
        "lib/server/operations/activate-answer-key.ts",
        "workers/reconciler.ts",
        "app/(site)/page.tsx",
      ]),
    );
    expect(FILES.some((f) => f.startsWith("cli/"))).toBe(true);
  });

  it("finds what it forbids (the patterns are live)", () => {
    const home = readFileSync(path.join(ROOT, HOME), "utf8");
    expect(FORBIDDEN.slice(0, 2).every(([re]) => re.test(home))).toBe(true);
    expect(FORBIDDEN.some(([re]) => re.test('where: { scorerVersion: { startsWith: "lex-1+nltk+" } }'))).toBe(true);
    expect(FORBIDDEN.some(([re]) => re.test("const m = /\\+judge=(.+)@/.exec(v);"))).toBe(true);
    expect(FORBIDDEN.some(([re]) => re.test('published.includes("x")'.replace("published", "publishedVersion")))).toBe(
      true,
    );
    expect(code("a // +key= in a comment\n/* lex-1 */ b")).not.toMatch(/key=|lex-1/);
  });

  it("has no version literal or ad-hoc version parsing outside lib/scoring/scorer-version.ts", () => {
    expect(offenders()).toEqual([]);
  });

  it("keeps the allow-list to files that need it", () => {
    for (const f of Object.keys(ALLOWED)) expect(readFileSync(path.join(ROOT, f), "utf8")).toContain(ALLOWED[f]);
  });
});
