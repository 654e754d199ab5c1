import { describe, expect, it } from "vitest";
import { hrefWith } from "@/components/leaderboard/controls";
import type { LeaderboardEntry } from "../../../../lib/server/leaderboard/ranked-board";
import { sortEntries } from "../../../../lib/server/leaderboard/view";
import { parseLeaderboardParams } from "../../../../lib/server/leaderboard/params";
import { boardEntry } from "../../../support/board-entry";

const entry = (id: string, rank: number, value: number, extra: Partial<LeaderboardEntry> = {}) =>
  boardEntry(id, rank, {
    methodName: id,
    createdAt: `2026-01-0${rank}T00:00:00Z`,
    answered: 1,
    overall: { value, ciLow: null, ciHigh: null, n: 1 },
    ...extra,
  });

describe("leaderboard URL state", () => {
  it("parses known values and falls back to defaults for unknown ones", () => {
    expect(parseLeaderboardParams({})).toEqual({
      track: "memory",
      split: "overall",
      metric: "f1",
      aggregate: "micro",
      sort: undefined,
      q: undefined,
      modality: "all",
      baselines: "include",
      verified: false,
      page: 1,
      status: "approved",
    });
    expect(
      parseLeaderboardParams({ split: "multi-party", metric: "judge", aggregate: "macro", sort: "-UPR", q: " rag " }),
    ).toEqual({
      track: "memory",
      split: "multi-party",
      metric: "judge",
      aggregate: "macro",
      sort: "-UPR",
      q: "rag",
      modality: "all",
      baselines: "include",
      verified: false,
      page: 1,
      status: "approved",
    });
    expect(
      parseLeaderboardParams({ modality: "multimodal", baselines: "only", verified: "1", page: "3" }),
    ).toMatchObject({ modality: "multimodal", baselines: "only", verified: true, page: 3 });
    expect(parseLeaderboardParams({ status: "withdrawn" }).status).toBe("withdrawn");
    expect(parseLeaderboardParams({ track: "full-context" }).track).toBe("full-context");
    expect(parseLeaderboardParams({ track: "retrieval" }).track).toBe("memory");
    expect(parseLeaderboardParams({ status: "deleted" }).status).toBe("approved");
    expect(parseLeaderboardParams({ modality: "audio", baselines: "x", verified: "0", page: "-2" })).toMatchObject({
      modality: "all",
      baselines: "include",
      verified: false,
      page: 1,
    });
    expect(
      parseLeaderboardParams({ split: "bogus", metric: ["bleu1", "f1"], aggregate: "median", sort: "x;drop" }),
    ).toMatchObject({
      split: "overall",
      metric: "bleu1",
      aggregate: "micro",
      sort: undefined,
    });
  });

  it("builds links that omit defaults and keep the rest", () => {
    const p = parseLeaderboardParams({ metric: "bleu1", q: "mem" });
    expect(hrefWith(p, {})).toBe("/?metric=bleu1&q=mem");
    expect(hrefWith(p, { sort: "-TR", q: undefined })).toBe("/?metric=bleu1&sort=-TR");
    expect(hrefWith(parseLeaderboardParams({}), {})).toBe("/");
    // Changing the view goes back to page 1; the filters stay.
    expect(hrefWith(parseLeaderboardParams({ page: "4", modality: "text", verified: "1" }), { split: "dyadic" })).toBe(
      "/?split=dyadic&modality=text&verified=1",
    );
    // The track switch keeps the view; memory, the default, is left out.
    expect(hrefWith(p, { track: "full-context" })).toBe("/?track=full-context&metric=bleu1&q=mem");
    expect(hrefWith(parseLeaderboardParams({ track: "oracle-evidence" }), { track: "memory" })).toBe("/");
  });
});

describe("sortEntries", () => {
  const rows = [
    entry("b", 1, 0.9, { categories: { UPR: { value: 0.2, ciLow: null, ciHigh: null, n: 1 } } }),
    entry("a", 2, 0.5),
    entry("c", 3, 0.1, { categories: { UPR: { value: 0.7, ciLow: null, ciHigh: null, n: 1 } } }),
  ];
  it("sorts by name, value, date and category, either direction", () => {
    expect(sortEntries(rows, "method").map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(sortEntries(rows, "-value").map((e) => e.id)).toEqual(["b", "a", "c"]);
    expect(sortEntries(rows, "-date").map((e) => e.id)).toEqual(["c", "a", "b"]);
    // Entries without the category score sort last when best-first.
    expect(sortEntries(rows, "-UPR").map((e) => e.id)).toEqual(["c", "b", "a"]);
    expect(sortEntries(rows, "nonsense").map((e) => e.id)).toEqual(["b", "a", "c"]);
  });
});
