import jsonld from "jsonld";
import { expect, test } from "@playwright/test";

// The JSON-LD the live pages carry (issue 51, point 4), parsed as JSON-LD: the unit test checks the
// builders; this checks that the board, an entry and About serve them, in a script the parser reads.

const SCHEMA = "https://schema.org/";
const documentLoader = async (url: string) => {
  if (url.replace(/\/$/, "") !== "https://schema.org") throw new Error(`no network: ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: { "@context": { "@vocab": SCHEMA } } };
};

async function structuredData(html: string): Promise<Array<Record<string, unknown[]>>> {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)];
  expect(scripts).toHaveLength(1);
  return (await jsonld.expand(JSON.parse(scripts[0]![1]!), { documentLoader, safe: true } as never)) as never;
}
const types = (nodes: Array<Record<string, unknown[]>>) => nodes.flatMap((n) => n["@type"] as string[]).sort();

test("the board, an entry and About carry schema.org JSON-LD", async ({ request }) => {
  const board = await structuredData(await (await request.get("/")).text());
  expect(types(board)).toEqual([`${SCHEMA}Dataset`]);
  const benchmark = board[0]![`${SCHEMA}isBasedOn`]![0] as Record<string, Array<{ "@value": string }>>;
  expect(benchmark[`${SCHEMA}license`]![0]!["@value"]).toMatch(/^https:\/\//);

  const { entries } = (await (await request.get("/api/v1/leaderboard")).json()) as { entries: Array<{ id: string }> };
  const entry = await structuredData(await (await request.get(`/entries/${entries[0]!.id}`)).text());
  expect(types(entry)).toEqual([`${SCHEMA}CreativeWork`]);
  expect(entry[0]!["@id"]).toMatch(new RegExp(`/entries/${entries[0]!.id}$`));

  const about = await structuredData(await (await request.get("/about")).text());
  expect(types(about)).toEqual([`${SCHEMA}Dataset`, `${SCHEMA}ScholarlyArticle`]);
});
