import { describe, expect, it } from "vitest";
import { tidyCompareQuery } from "@/lib/server/leaderboard/compare";

describe("the compare URL", () => {
  it("drops the form's empty slots and joins its ids into one list", () => {
    expect(tidyCompareQuery({ ids: ["a1", "b2", "", ""], metric: "f1" })).toBe("ids=a1%2Cb2&metric=f1");
    expect(tidyCompareQuery({ ids: ["", ""], lang: "zh" })).toBe("lang=zh");
    expect(tidyCompareQuery({ ids: "" })).toBe("");
  });

  it("leaves a tidy URL alone", () => {
    expect(tidyCompareQuery({ ids: "a1,b2", metric: "judge" })).toBeNull();
    expect(tidyCompareQuery({})).toBeNull();
  });
});
