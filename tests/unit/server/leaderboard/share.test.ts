import { describe, expect, it } from "vitest";
import { drawableText, headlineText, type EntryHeadline } from "@/lib/server/leaderboard/share";

const base: EntryHeadline = {
  id: "e1",
  methodName: "M",
  organization: null,
  metric: "judge",
  value: 0.6123,
  ciLow: 0.58,
  ciHigh: 0.6411,
  rank: 3,
  tied: false,
  of: 12,
};

describe("headlineText (link previews)", () => {
  it("names rank, metric, score and interval", () => {
    expect(headlineText(base)).toBe("#3 of 12 · judge 0.612 [0.580, 0.641]");
  });
  it("says F1 when the entry has no judge scores, and marks ties", () => {
    expect(headlineText({ ...base, metric: "f1", tied: true })).toBe("#3 (tied) of 12 · F1 0.612 [0.580, 0.641]");
  });
  it("leaves out a missing interval and rank", () => {
    expect(headlineText({ ...base, ciLow: null, ciHigh: null, rank: null })).toBe("judge 0.612");
  });
  it("says when the entry is not ranked under the published version", () => {
    expect(headlineText({ ...base, value: null })).toBe("Not ranked yet under the published scorer version");
  });
});

describe("drawableText (preview images never fetch fonts)", () => {
  it("keeps Latin text and typographic punctuation", () => {
    expect(drawableText("Mém0 – “graph” v2…")).toBe("Mém0 – “graph” v2…");
  });
  it("leaves out CJK and emoji, collapsing the gaps", () => {
    expect(drawableText("记忆 Agent 🚀 v2")).toBe("Agent v2");
    expect(drawableText("多模态记忆")).toBe("");
  });
});
