import { describe, expect, it } from "vitest";
import { submissionMetaSchema } from "../../../lib/validation/submission-meta";

// The CI source fields become hrefs on the entry page: only the documented shapes may pass.
describe("submissionMetaSchema source fields", () => {
  it("accepts a repository, a commit (lower-cased) and a run URL or id", () => {
    const run = "https://github.com/acme/mem-x/actions/runs/123456789";
    const meta = submissionMetaSchema.parse({
      methodName: "m",
      sourceRepo: " acme/mem-x ",
      sourceCommit: "ABCDEF1234567",
      sourceRun: run,
    });
    expect(meta).toMatchObject({ sourceRepo: "acme/mem-x", sourceCommit: "abcdef1234567", sourceRun: run });
    expect(submissionMetaSchema.parse({ methodName: "m", sourceRepo: "a.b/c_d-e", sourceRun: "42" }).sourceRun).toBe(
      "42",
    );
    expect(submissionMetaSchema.parse({ methodName: "m", sourceRun: "", sourceRepo: "" })).not.toHaveProperty(
      "sourceRepo",
      expect.anything(),
    );
    expect(
      submissionMetaSchema.parse({ methodName: "m", sourceRepo: "a/b", sourceRun: `${run}/attempts/2` }).sourceRun,
    ).toBe(`${run}/attempts/2`);
  });

  it.each([
    [{ sourceRepo: "acme" }, "sourceRepo"],
    [{ sourceRepo: "acme/mem/x" }, "sourceRepo"],
    [{ sourceRepo: "acme/<script>" }, "sourceRepo"],
    [{ sourceRepo: "javascript:alert(1)//x/y" }, "sourceRepo"],
    [{ sourceRepo: "a/b", sourceCommit: "abc12" }, "sourceCommit"],
    [{ sourceRepo: "a/b", sourceCommit: "g".repeat(40) }, "sourceCommit"],
    [{ sourceRepo: "a/b", sourceCommit: "a".repeat(41) }, "sourceCommit"],
    [{ sourceRepo: "a/b", sourceRun: "javascript:alert(1)" }, "sourceRun"],
    [{ sourceRepo: "a/b", sourceRun: "http://github.com/a/b/actions/runs/1" }, "sourceRun"],
    [{ sourceRepo: "a/b", sourceRun: "https://github.com/a/b/pulls/1" }, "sourceRun"],
    [{ sourceRepo: "a/b", sourceRun: "https://user@github.com/a/b/actions/runs/1" }, "sourceRun"],
    [{ sourceRepo: "a/b", sourceRun: 'https://github.com/a/b/actions/runs/1?x="' }, "sourceRun"],
    [{ sourceCommit: "abcdef1" }, "sourceRepo"],
    [{ sourceRun: "12" }, "sourceRepo"],
  ])("rejects %j at %s", (input, field) => {
    const r = submissionMetaSchema.safeParse({ methodName: "m", ...input });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toContain(field);
  });
});
