import type { z } from "zod";

// One rule for user text: C0 and C1 control characters (and DEL) are invisible, break XML feeds, YAML
// and terminals, and can forge lines; text that may hold several lines keeps tab, LF and CR.
const SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
const MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

/** The located message for a string with a forbidden character, or null. */
export function controlCharacterProblem(value: string, opts: { multiline?: boolean } = {}): string | null {
  const m = (opts.multiline ? MULTI_LINE : SINGLE_LINE).exec(value);
  if (!m) return null;
  const code = m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
  const kind = opts.multiline ? "control characters" : "control characters or line breaks";
  return `must not contain ${kind} (U+${code} at character ${m.index + 1}); remove it`;
}

/** For `.superRefine` on a string field: the issue lands on that field's path. */
export function noControlCharacters(opts: { multiline?: boolean } = {}) {
  return (value: string | undefined, ctx: z.RefinementCtx) => {
    const problem = value === undefined ? null : controlCharacterProblem(value, opts);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };
}
