import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "../../support/import-graph";

// Nothing vanishes silently (issue 14, point 5): production code deletes submissions only in
// lib/server/review/purge.ts (the audited CLI purge). The web, the API, the worker and the other
// CLI commands take entries off the board by state changes that leave a tombstone.
// The audited purge (data-protection requests) and `h2hmem demo remove` (synthetic demo entries,
// one audit event each; issue 14 asks for it): nothing else deletes a submission.
const ALLOWED = new Set(["lib/server/review/purge.ts", "lib/server/answer-key/demo-remove.ts"]);
const DELETE = /\bsubmission\.delete(Many)?\s*\(|DELETE\s+FROM\s+"Submission"/;

describe("submission deletes", () => {
  it("happen only in the audited purge", () => {
    const files = ["app", "components", "lib/server", "lib/scoring", "lib/validation", "workers", "cli"].flatMap(
      sourceFiles,
    );
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((f) => !ALLOWED.has(f) && DELETE.test(readFileSync(path.join(ROOT, f), "utf8")));
    expect(offenders).toEqual([]);
    expect(DELETE.test(readFileSync(path.join(ROOT, "lib/server/review/purge.ts"), "utf8"))).toBe(true);
  });
});
