import { describe, expect, it } from "vitest";
import { significantWins, type PairComparison } from "../../../../lib/server/leaderboard/compare";
import { conditional, etagged, leaderboardCsv, leaderboardJson } from "../../../../lib/server/exports/export";
import type { Leaderboard } from "../../../../lib/server/leaderboard/view";
import { parseLeaderboardParams } from "../../../../lib/server/leaderboard/params";
import { evidenceGroup, evidenceReport } from "../../../../lib/scoring";

const cell = (value: number) => ({ value, ciLow: value - 0.01, ciHigh: value + 0.01, n: 10 });
const board: Leaderboard = {
  scorerVersion: "lex-1+nltk+sw198",
  answerKey: null,
  notRescored: [],
  generatedAt: "2026-11-29T20:00:00.000Z",
  params: parseLeaderboardParams({ split: "multi-party", sort: "-CD" }),
  total: 1,
  boardSize: 3,
  lowNMin: 30,
  pages: 1,
  entries: [
    {
      rank: 2,
      tied: true,
      id: "e1",
      status: "approved",
      attempts: { total: 7, sincePreviousEntry: 3 },
      methodName: 'Mem, "quoted"',
      organization: "Lab",
      modality: "text",
      backbone: null,
      track: "memory",
      contextTopK: 5,
      contextTokens: null,
      isBaseline: false,
      verified: true,
      createdAt: "2026-11-01T00:00:00.000Z",
      answered: 9,
      overall: cell(0.5),
      mainTypes: { RECALL: cell(0.4) },
      categories: { CD: cell(0.7) },
      refusalRate: 0.25,
      overRefusalRate: 0.125,
      runs: 1,
      flipRate: null,
      tier: "uploaded" as const,
      evidence: evidenceGroup(
        evidenceReport([
          { split: "multi-party", category: "CD", qid: "a", gold: 2, retrieved: ["session2"], f1: 0.5 },
          { split: "multi-party", category: "CD", qid: "b", gold: 1, retrieved: ["session2"], f1: 0.25 },
        ]),
        "multi-party",
      ),
      scopeRank: { scope: "CD", rank: 1, tied: false },
    },
  ],
  withdrawn: [],
  trackReferences: [],
  references: [
    { kind: "always-refuse", overall: cell(0.1), mainTypes: { RECALL: cell(0.05) }, categories: { CD: cell(0.2) } },
  ],
};

describe("leaderboard exports", () => {
  it("JSON and CSV carry the view, the scorer version and the generation time", () => {
    const json = JSON.parse(leaderboardJson(board));
    expect(json).toMatchObject({
      scorerVersion: "lex-1+nltk+sw198",
      generatedAt: board.generatedAt,
      split: "multi-party",
      total: 1,
    });
    expect(json.filters.sort).toBe("-CD");
    expect(json.entries[0]).toMatchObject({
      id: "e1",
      rank: 2,
      tied: true,
      scopeRank: { scope: "CD", rank: 1 },
      categories: { CD: { value: 0.7 } },
    });
    expect(json.references).toEqual([
      { kind: "always-refuse", overall: cell(0.1), mainTypes: { RECALL: cell(0.05) }, categories: { CD: cell(0.2) } },
    ]);
    const [header, row, ref] = leaderboardCsv(board).trim().split("\n");
    const cols = header!.split(",");
    expect(cols).toEqual(expect.arrayContaining(["rank", "CD", "RECALL", "scorerVersion", "generatedAt"]));
    expect(row).toContain('"Mem, ""quoted"""');
    expect(row!.endsWith(`multi-party,f1,micro,lex-1+nltk+sw198,${board.generatedAt}`)).toBe(true);
    // Both columns of the attempt ledger, and the reference row marked as one (no rank).
    const at = (line: string, col: string) => line.split(",")[cols.indexOf(col)];
    // Evidence of the board's split: recall@5 1 of 2, F1 when retrieved 0.5; empty for a reference row.
    const plain = row!.replace('"Mem, ""quoted"""', "Mem");
    expect(["evidenceN", "recallAt1", "recallAt5", "f1WhenRetrieved"].map((c) => at(plain, c))).toEqual([
      "2",
      "0.5",
      "0.5",
      "0.5",
    ]);
    expect([at(plain, "judgeWhenRetrieved"), at(ref!, "recallAt5")]).toEqual(["", ""]);
    expect(json.entries[0].evidence).toMatchObject({ split: "multi-party", scope: "ALL", n: 2 });
    expect(row!.startsWith("approved,")).toBe(true);
    expect(cols.slice(cols.indexOf("answered"), cols.indexOf("createdAt") + 1)).toEqual([
      "answered",
      "attemptsTotal",
      "attemptsSincePreviousEntry",
      "createdAt",
    ]);
    expect(row).toContain(",9,7,3,2026-11-01T00:00:00.000Z,"); // the method name's quoted comma shifts split() positions
    expect(ref!.startsWith("reference,,,always-refuse,")).toBe(true);
    expect(at(ref!, "CD")).toBe("0.2");
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const body = etagged('{"a":1}');
    const fresh = conditional(new Request("http://x/"), body, "application/json");
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("etag")).toBe(body.etag);
    expect(await fresh.text()).toBe('{"a":1}');
    const same = conditional(
      new Request("http://x/", { headers: { "if-none-match": `"other", W/${body.etag}` } }),
      body,
      "application/json",
    );
    expect(same.status).toBe(304);
    expect(await same.text()).toBe("");
    expect(
      conditional(new Request("http://x/", { headers: { "if-none-match": '"stale"' } }), body, "application/json")
        .status,
    ).toBe(200);
    expect(etagged('{"a":2}').etag).not.toBe(body.etag);
  });
});

describe("significantWins", () => {
  const r = (scope: "ALL" | "CD", diff: number, ciLow: number, ciHigh: number) => ({
    scope,
    n: 10,
    meanA: 0,
    meanB: 0,
    diff,
    ciLow,
    ciHigh,
    pValue: 0.01,
  });
  const pairs: PairComparison[] = [
    { a: "x", b: "y", results: [r("ALL", 0.1, 0.05, 0.15), r("CD", -0.2, -0.3, -0.1)] },
    { a: "x", b: "z", results: [r("ALL", 0.01, -0.02, 0.04)] },
  ];
  it("lists, per entry, the scopes where its paired CI excludes 0 in its favour", () => {
    expect(significantWins(pairs, "x")).toEqual([{ scope: "ALL", over: "y", diff: 0.1, pValue: 0.01 }]);
    expect(significantWins(pairs, "y")).toEqual([{ scope: "CD", over: "x", diff: 0.2, pValue: 0.01 }]);
    expect(significantWins(pairs, "z")).toEqual([]);
  });
});

describe("CSV formula injection", () => {
  it.each(['=HYPERLINK("http://evil.example","x")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\tTAB", "\rCR"])(
    "a method name or organization %j reaches the CSV as text",
    (text) => {
      const entry = { ...board.entries[0]!, methodName: text, organization: text };
      const csv = leaderboardCsv({ ...board, entries: [entry] });
      const row = csv.split("\n").slice(1).join("\n");
      const quoted = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
      expect(row).toContain(`,${quoted(`'${text}`)},${quoted(`'${text}`)},`);
      expect(row).not.toContain(`,${quoted(text)},`);
    },
  );

  it("leaves numbers alone", () => {
    const entry = { ...board.entries[0]!, overall: { value: -0.25, ciLow: -0.5, ciHigh: 0, n: 3 } };
    expect(leaderboardCsv({ ...board, entries: [entry] })).toContain(",-0.25,-0.5,0,3,");
  });
});
