import { describe, expect, it } from "vitest";
import { backboneKey, BACKBONES } from "../../../lib/validation/backbones";
import { backboneFilterSchema, parseLeaderboardParams, viewQuery } from "../../../lib/server/leaderboard/params";

describe("backbones", () => {
  it("maps any spelling of a listed model to the list entry, anything else to other, nothing to null", () => {
    expect(backboneKey("qwen2.5-vl-7b")).toBe("Qwen2.5-VL-7B-Instruct");
    expect(backboneKey(" Qwen2.5 VL 7B Instruct ")).toBe("Qwen2.5-VL-7B-Instruct");
    expect(backboneKey("gpt-4.1-NANO")).toBe("GPT-4.1-nano");
    expect(backboneKey("My private VLM")).toBe("other");
    expect(backboneKey("Other")).toBe("other");
    expect(backboneKey("")).toBeNull();
    expect(backboneKey(null)).toBeNull();
    for (const b of BACKBONES) expect(backboneKey(b)).toBe(b);
  });

  it("the board's ?backbone= takes a listed model (any spelling) or other, and round-trips in the URL", () => {
    expect(backboneFilterSchema.parse("qwen2.5-vl-3b-instruct")).toBe("Qwen2.5-VL-3B-Instruct");
    const p = parseLeaderboardParams({ backbone: "gpt-4o-mini" });
    expect(p.backbone).toBe("GPT-4o-mini");
    expect(viewQuery(p)).toBe("backbone=GPT-4o-mini");
    expect(parseLeaderboardParams({ backbone: "something else" }).backbone).toBe("other");
    expect(parseLeaderboardParams({}).backbone).toBeUndefined();
  });
});
