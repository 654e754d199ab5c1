import { describe, expect, it } from "vitest";
import { fromWire, toWire } from "@/components/leaderboard/row-wire";
import type { ViewEntry } from "@/lib/server/leaderboard/view";

const entry: ViewEntry = {
  rank: 3,
  tied: true,
  id: "e1",
  status: "approved",
  methodName: "M",
  organization: null,
  modality: "text",
  backbone: "gpt",
  isBaseline: false,
  verified: true,
  createdAt: "2026-12-04T10:00:00.000Z",
  answered: 118,
  ciVerified: null,
  attempts: { total: 2, sincePreviousEntry: 1 },
  overall: { value: 0.9497455500877517, ciLow: 0.9197455500877517, ciHigh: 0.9797455500877518, n: 120 },
  mainTypes: { RECALL: { value: 0.1, ciLow: null, ciHigh: null, n: 3 } },
  categories: { UPR: { value: 0, ciLow: 0, ciHigh: 0.2, n: 7 }, AR: { value: 1 / 3, ciLow: 0.2, ciHigh: 0.5, n: 9 } },
  refusalRate: 0.25,
  overRefusalRate: null,
  scopeRank: { scope: "UPR", rank: 1, tied: false },
};

describe("the board rows' wire form", () => {
  it("gives the rows back every number exactly, absent cells absent, and leaves unshown fields behind", () => {
    const wire = toWire(entry);
    const { status: _s, backbone: _b, ...shown } = entry;
    expect(fromWire(JSON.parse(JSON.stringify(wire)))).toEqual(shown);
    expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(entry).length);
    expect(wire).not.toHaveProperty("backbone");
  });
});
