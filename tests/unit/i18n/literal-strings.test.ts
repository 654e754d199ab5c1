import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "../../support/import-graph";
import untranslated from "./untranslated-files.json";

// User-facing text in components comes from lib/i18n/messages/*.json, never from literals:
// JSX text with a letter in it, and aria-label / title / placeholder / alt given as a string.
// Text inside <code>, <kbd>, <pre> and <samp> is technical (commands, file names) and stays.
// Files not converted yet are listed in untranslated-files.json; the list only shrinks.

const ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt"]);
const TECHNICAL = new Set(["code", "kbd", "pre", "samp"]);
const LETTER = /\p{L}/u;

type Hit = { line: number; text: string };

function tagName(node: ts.Node): string | null {
  if (ts.isJsxElement(node)) return node.openingElement.tagName.getText();
  return null;
}

/** Literal user-facing strings in a .tsx source. */
function literalStrings(source: string, fileName = "probe.tsx"): Hit[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const hits: Hit[] = [];
  const hit = (node: ts.Node, text: string) =>
    hits.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: text.trim().slice(0, 60) });
  const visit = (node: ts.Node, inTechnical: boolean) => {
    const tag = tagName(node);
    const technical = inTechnical || (tag !== null && TECHNICAL.has(tag));
    if (ts.isJsxText(node) && !technical && LETTER.test(node.text)) hit(node, node.text);
    if (ts.isJsxAttribute(node) && ATTRIBUTES.has(node.name.getText(sf)) && node.initializer) {
      let init: ts.Node = node.initializer;
      if (ts.isJsxExpression(init) && init.expression) init = init.expression;
      if ((ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) && LETTER.test(init.text))
        hit(node, init.text);
    }
    // A string child in braces ({"Sign in"}) is JSX text too.
    if (
      ts.isJsxExpression(node) &&
      !technical &&
      node.expression &&
      ts.isStringLiteral(node.expression) &&
      ts.isJsxElement(node.parent) &&
      LETTER.test(node.expression.text)
    ) {
      hit(node, node.expression.text);
    }
    ts.forEachChild(node, (c) => visit(c, technical));
  };
  visit(sf, false);
  return hits;
}

const components = [...sourceFiles("app"), ...sourceFiles("components")].filter((f) => f.endsWith(".tsx"));
const allowed = new Set<string>(untranslated);

describe("literal user-facing strings", () => {
  it("exist only in files still listed in tests/unit/i18n/untranslated-files.json", () => {
    const offenders = components
      .filter((f) => !allowed.has(f))
      .flatMap((f) =>
        literalStrings(readFileSync(path.join(ROOT, f), "utf8"), f).map(
          (h) => `${f}:${h.line} ${JSON.stringify(h.text)}`,
        ),
      );
    expect(offenders, "move these strings to lib/i18n/messages/{en,zh}.json").toEqual([]);
  });

  it("the allowlist names only files that exist, once each, sorted", () => {
    expect(
      untranslated.filter((f) => !existsSync(path.join(ROOT, f))),
      "converted or removed: delete from the list",
    ).toEqual([]);
    expect(untranslated).toEqual([...new Set(untranslated)].sort());
  });

  it("finds JSX text and labelling attributes, not code, expressions or class names", () => {
    const src = `export const A = () => (
      <div className="flex" title="Help">
        <h1>Hello</h1>
        <p>{t("x")} · {n}</p>
        <code>npm run build</code>
        <input placeholder={"Search"} aria-label={t("label")} />
        <img alt={\`Logo\`} src="/x.png" />
        <span>{"Sign in"}</span>
        <span>2 – 3 (%)</span>
      </div>
    );`;
    expect(literalStrings(src).map((h) => h.text)).toEqual(["Help", "Hello", "Search", "Logo", "Sign in"]);
  });
});
