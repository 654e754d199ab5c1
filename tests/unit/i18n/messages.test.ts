import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { CATEGORY_CODES, DIFFICULTIES, MAIN_TYPES, SPLITS } from "@/lib/scoring/types";

// Every string exists in both locales, is not empty, and names the same ICU arguments, so a
// key added to one file only (or a dropped `{count}`) fails here instead of at render time.

type Tree = { [k: string]: string | Tree };
const NAMESPACES = [
  "common",
  "header",
  "footer",
  "board",
  "boardRow",
  "entry",
  "compare",
  "questions",
  "about",
  "submit",
  "submissions",
  "auth",
  "settings",
  "admin",
  "errors",
  "validation",
  "mail",
  "categories",
  "mainTypes",
  "difficulty",
  "splits",
  "webhookSecret",
  "tokenExpiry",
  "trust",
  "tracks",
  "provenance",
  "exports",
  "rankHistory",
  "feed",
  "submitFormat",
  "boardStatus",
  "intervals",
  "judgeCard",
];

function flatten(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    if (v !== null && typeof v === "object") for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
    else out.set(prefix + k, v);
  }
  return out;
}

/** Argument names of an ICU message ("{count, plural, one {# run} other {# runs}}" -> count), tags too. */
function icuArguments(message: string): string[] {
  const names = new Set<string>();
  let depth = 0;
  for (let i = 0; i < message.length; i++) {
    const c = message[i];
    if (c === "'") {
      // ICU quoting: '' is a literal quote, '{…}' is literal text.
      const end = message.indexOf("'", i + 1);
      if (end > i + 1 && /[{}]/.test(message[i + 1]!)) i = end;
      continue;
    }
    if (c === "{") {
      // An argument starts at even nesting (plural/select cases are odd: "{n, plural, one {…}}").
      if (depth % 2 === 0) names.add(/^\{\s*([\w-]+)/.exec(message.slice(i))?.[1] ?? "");
      depth++;
    } else if (c === "}") depth--;
  }
  for (const m of message.matchAll(/<([\w-]+)>/g)) names.add(`<${m[1]}>`);
  return [...names].sort();
}

const flatEn = flatten(en as Tree);
const flatZh = flatten(zh as Tree);

describe("message files", () => {
  it("have exactly the agreed namespaces", () => {
    expect(Object.keys(en).sort()).toEqual([...NAMESPACES].sort());
    expect(Object.keys(zh).sort()).toEqual([...NAMESPACES].sort());
  });

  it("have the same keys in en and zh", () => {
    expect(
      [...flatEn.keys()].filter((k) => !flatZh.has(k)),
      "missing in zh.json",
    ).toEqual([]);
    expect(
      [...flatZh.keys()].filter((k) => !flatEn.has(k)),
      "missing in en.json",
    ).toEqual([]);
  });

  it("have no empty or non-string values", () => {
    const bad = [...flatEn, ...flatZh].filter(([, v]) => typeof v !== "string" || v.trim() === "").map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it("use the same ICU arguments and tags in both locales", () => {
    const mismatched = [...flatEn]
      .filter(
        ([k, v]) => flatZh.has(k) && icuArguments(String(v)).join() !== icuArguments(String(flatZh.get(k))).join(),
      )
      .map(([k]) => k);
    expect(mismatched).toEqual([]);
  });

  it("name every category, main type, difficulty and split of lib/scoring", () => {
    for (const tree of [en, zh]) {
      expect(Object.keys(tree.categories).sort()).toEqual([...CATEGORY_CODES].sort());
      expect(Object.keys(tree.mainTypes).sort()).toEqual([...MAIN_TYPES].sort());
      expect(Object.keys(tree.difficulty).sort()).toEqual([...DIFFICULTIES].sort());
      expect(Object.keys(tree.splits).sort()).toEqual(["overall", ...SPLITS].sort());
    }
    // The benchmark authors' own Chinese names (docs: shared h2hmem-benchmark.md, section 11).
    expect(zh.categories).toMatchObject({ UPR: "单模态事实回忆", KR: "多session信息更新", AR: "信息缺失时拒答" });
  });
});

describe("icuArguments", () => {
  it("finds arguments, plural arguments and rich-text tags, not plural cases", () => {
    expect(icuArguments("Reference: {digest}.")).toEqual(["digest"]);
    expect(icuArguments("{count, plural, one {# run} other {# runs of {name}}}")).toEqual(["count", "name"]);
    expect(icuArguments("Read <link>the docs</link>")).toEqual(["<link>"]);
    expect(icuArguments("It''s '{literal}'")).toEqual([]);
    expect(icuArguments("{a} and {b}")).not.toEqual(icuArguments("{a}"));
  });
});
