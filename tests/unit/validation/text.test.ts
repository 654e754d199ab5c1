// Issue 47 (the lows): C0/C1 control characters in user text are refused at validation, on the field's
// path, naming the character and where it is; only multi-line text keeps tab, LF and CR.
import { describe, expect, it } from "vitest";
import { newApiTokenSchema } from "@/lib/validation/api-token";
import { submissionMetaSchema } from "@/lib/validation/submission-meta";
import { controlCharacterProblem } from "@/lib/validation/text";

const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => ({ path: i.path.join("."), message: i.message }));

describe("control characters in user text", () => {
  it("a method name with NEL, a C0 escape or a line break is refused on its path, located", () => {
    for (const [name, code, at] of [
      ["Mem\u0085Graph", "0085", 4],
      ["Mem\u001b[31m", "001B", 4],
      ["Mem\nGraph", "000A", 4],
      ["M\u2028x", "2028", 2],
      ["M\u0000", "0000", 2],
    ] as const) {
      expect(issues(submissionMetaSchema.safeParse({ methodName: name }))).toEqual([
        { path: "methodName", message: expect.stringContaining(`U+${code} at character ${at}`) },
      ]);
    }
  });

  it("every single-line field is checked; the description keeps its lines but not other controls", () => {
    const r = submissionMetaSchema.safeParse({
      methodName: "ok",
      organization: "Lab\u009b",
      backbone: "gpt\u007f",
      description: "line one\r\n\tline two",
    });
    expect(issues(r).map((i) => i.path)).toEqual(["organization", "backbone"]);
    expect(submissionMetaSchema.safeParse({ methodName: "ok", description: "a\nb\tc" }).success).toBe(true);
    expect(issues(submissionMetaSchema.safeParse({ methodName: "ok", description: "a\u0085b" }))[0]?.path).toBe(
      "description",
    );
  });

  it("token names follow the same rule", () => {
    expect(issues(newApiTokenSchema.safeParse({ name: "ci\u0007", scopes: ["read"] }))[0]?.path).toBe("name");
  });

  it("plain text, CJK and emoji pass", () => {
    expect(controlCharacterProblem("记忆 Agent 🚀 – “v2”")).toBeNull();
    expect(controlCharacterProblem("a\tb", { multiline: true })).toBeNull();
  });
});
