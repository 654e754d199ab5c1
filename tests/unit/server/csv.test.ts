import { describe, expect, it } from "vitest";
import { toCsv } from "../../../lib/server/csv";

describe("toCsv", () => {
  it("escapes every formula trigger and quotes as CSV requires", () => {
    expect(toCsv([["=1+1", "+1", "-x", "@a", "\tb", "\rc", "ok", -1, 2.5]])).toBe(
      `'=1+1,'+1,'-x,'@a,'\tb,"'\rc",ok,-1,2.5\n`,
    );
  });
});
