import { renderToStaticMarkup } from "react-dom/server";
import jsonld from "jsonld";
import { describe, expect, it } from "vitest";
import { JsonLd } from "@/components/json-ld";
import { aboutJsonLd, boardJsonLd, entryJsonLd } from "@/lib/server/agents/json-ld";
import type { EntryDetail } from "@/lib/server/leaderboard/entries";

// The pages' structured data, parsed as JSON-LD (jsonld.js expansion: it fails on malformed
// documents, e.g. a bad @context, @id or @type) from the HTML the server component renders.

const SCHEMA = "https://schema.org/";
// Offline: schema.org's context reduced to its vocabulary (what it does for every term used here).
const documentLoader = async (url: string) => {
  if (url.replace(/\/$/, "") !== "https://schema.org") throw new Error(`no network: ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: { "@context": { "@vocab": SCHEMA } } };
};

type Expanded = Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
async function fromHtml(data: Record<string, unknown>): Promise<{ html: string; expanded: Expanded }> {
  const html = renderToStaticMarkup(<JsonLd data={data} />);
  const m = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(html);
  expect(m, html).not.toBeNull();
  const expanded = (await jsonld.expand(JSON.parse(m![1]!), {
    documentLoader,
    safe: true,
  } as never)) as unknown as Expanded;
  return { html, expanded };
}
const types = (e: Expanded) => e.flatMap((n) => n["@type"] as string[]);

const entry = {
  id: "e1",
  methodName: "Mem </script><script>alert(1)</script>",
  organization: "Lab",
  description: "A method",
  paperUrl: "https://arxiv.org/abs/1",
  codeUrl: "https://github.com/a/b",
  approvedAt: "2026-12-01T00:00:00.000Z",
  scorerVersion: "lex-1+nltk35",
  scores: [
    { split: "overall", scope: "ALL", metric: "f1", aggregate: "micro", value: 0.5, ciLow: 0.4, ciHigh: 0.6, n: 100 },
    { split: "dyadic", scope: "ALL", metric: "f1", aggregate: "micro", value: 0.55, ciLow: null, ciHigh: null, n: 90 },
    { split: "overall", scope: "TR", metric: "f1", aggregate: "micro", value: 0.1, ciLow: 0, ciHigh: 0.2, n: 10 },
  ],
} as unknown as EntryDetail;

describe("JSON-LD structured data", () => {
  it("the board is a Dataset based on the benchmark's Dataset, which cites the paper (ScholarlyArticle)", async () => {
    const { expanded } = await fromHtml(boardJsonLd("https://board.example", "H2HMem Leaderboard", "desc"));
    expect(types(expanded)).toEqual([`${SCHEMA}Dataset`]);
    const based = expanded[0]![`${SCHEMA}isBasedOn`][0];
    expect(based["@type"]).toEqual([`${SCHEMA}Dataset`]);
    expect(based[`${SCHEMA}citation`][0]["@type"]).toEqual([`${SCHEMA}ScholarlyArticle`]);
    expect(based[`${SCHEMA}license`][0]["@value"]).toBe("https://opensource.org/license/mit");
    expect(expanded[0]![`${SCHEMA}distribution`]).toHaveLength(2);
  });

  it("the About page carries the benchmark Dataset and the paper", async () => {
    const { expanded } = await fromHtml(aboutJsonLd());
    expect(types(expanded).sort()).toEqual([`${SCHEMA}Dataset`, `${SCHEMA}ScholarlyArticle`]);
  });

  it("an entry is a CreativeWork with its headline scores as PropertyValues, and no value can close the script", async () => {
    const { html, expanded } = await fromHtml(entryJsonLd(entry, "https://board.example"));
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const work = expanded[0]!;
    expect(work["@type"]).toEqual([`${SCHEMA}CreativeWork`]);
    expect(work["@id"]).toBe("https://board.example/entries/e1");
    expect(work[`${SCHEMA}name`][0]["@value"]).toBe(entry.methodName);
    const props = work[`${SCHEMA}additionalProperty`] as Expanded;
    expect(props.map((p) => p[`${SCHEMA}propertyID`][0]["@value"])).toEqual(["overall/f1", "dyadic/f1"]);
    expect(props.every((p) => p["@type"][0] === `${SCHEMA}PropertyValue`)).toBe(true);
    expect(props[0]![`${SCHEMA}value`][0]["@value"]).toBe(0.5);
    expect(props[0]![`${SCHEMA}minValue`][0]["@value"]).toBe(0.4);
  });

  it("the parser refuses a malformed document (the check can fail)", async () => {
    await expect(
      jsonld.expand({ "@context": { "@vocab": SCHEMA }, "@id": 5 } as never, { documentLoader, safe: true } as never),
    ).rejects.toThrow();
  });
});
