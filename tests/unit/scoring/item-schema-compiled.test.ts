import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { z } from "zod";
import { PREDICTION_FIELDS, predictionItemSchema } from "../../../lib/scoring/submission-schema";

// validate.ts parses items with zod's compiled clone of the schema: it must answer as the schema does.
describe("the compiled prediction item schema", () => {
  const compiled = z.compile(predictionItemSchema);
  const same = (raw: unknown) => {
    const a = predictionItemSchema.safeParse(raw);
    const b = compiled.safeParse(raw);
    expect(b.success).toBe(a.success);
    if (a.success && b.success) expect(b.data).toEqual(a.data);
    else expect(b.error?.issues).toEqual(a.error?.issues);
  };

  it("accepts, defaults and rejects exactly as the schema", () => {
    const value = fc.oneof(fc.string(), fc.constant(undefined), fc.constant(null), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
    const field = fc.constantFrom(...PREDICTION_FIELDS, "extra", "__proto__", "constructor");
    const item = fc.array(fc.tuple(field, value), { maxLength: 8 }).map((pairs) => JSON.parse(JSON.stringify(Object.fromEntries(pairs))) as unknown);
    const full = fc.record(Object.fromEntries(PREDICTION_FIELDS.map((f) => [f, fc.oneof(fc.string(), fc.constant(undefined), fc.integer())])), { requiredKeys: [] });
    fc.assert(fc.property(fc.oneof(item, full, value), same), { numRuns: 3000 });
    for (const raw of [{}, [], "x", null, { question_text: "a", system_answer: "b", original_answer: "c", category: "d" }, JSON.parse('{"__proto__": {"question_text": "a"}}')]) same(raw);
  });
});
