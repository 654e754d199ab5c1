import path from "node:path";
import { expect, test } from "@playwright/test";
import { overBudget, PAGE_JS_BUDGET, pageWeights } from "../../scripts/build/page-weight.mjs";

// Issue 46: the JavaScript a first visit to each public page downloads, from the build this tier
// runs (.next/, not a timing), stays within budget: a heavy import in a page fails here.
test("every public page's first-load JavaScript is within budget", () => {
  const { over, missing } = overBudget(pageWeights(path.resolve(".next")));
  expect(missing, "public pages absent from the build").toEqual([]);
  expect(over.map((w) => `${w.route}: ${(w.bytes / 1024).toFixed(1)} KB > ${PAGE_JS_BUDGET / 1024} KB`)).toEqual([]);
});
