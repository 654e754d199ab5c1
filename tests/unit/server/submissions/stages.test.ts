import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { quoteChoices, STAGES, stagesFrom } from "@/lib/server/submissions/stages";

const schema = readFileSync(path.resolve(import.meta.dirname, "../../../../prisma/schema.prisma"), "utf8");

describe("pipeline stages", () => {
  it("are schema.prisma's enum Stage, in the order they run", () => {
    const block = /^enum Stage \{([^}]*)\}/m.exec(schema)?.[1] ?? "";
    expect(block.split(/\s+/).filter(Boolean)).toEqual(["lexical", "judge"]);
    expect(STAGES).toEqual(["lexical", "judge"]);
  });

  it("a retry resets its stage and every later one", () => {
    expect(stagesFrom("lexical")).toEqual(["lexical", "judge"]);
    expect(stagesFrom("judge")).toEqual(["judge"]);
  });

  it("quotes the choices for messages", () => {
    expect(quoteChoices(STAGES)).toBe('"lexical" or "judge"');
    expect(quoteChoices([...STAGES, "both"])).toBe('"lexical", "judge" or "both"');
    expect(quoteChoices(STAGES, " | ")).toBe('"lexical" | "judge"');
  });
});
