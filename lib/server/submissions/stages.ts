import "server-only";
import { Stage } from "@/generated/prisma/enums";

// In run order, as schema.prisma's enum Stage.
export type { Stage };
export const STAGES: readonly Stage[] = Object.values(Stage);

/** The stages from `stage` on: what re-running `stage` resets (a judge retry keeps lexical). */
export function stagesFrom(stage: Stage): Stage[] {
  return STAGES.slice(STAGES.indexOf(stage));
}

/** `"lexical" or "judge"` (or with `|`), plus any extra choices, for error messages. */
export function quoteChoices(values: readonly string[], joiner: " or " | " | " = " or "): string {
  const quoted = values.map((v) => `"${v}"`);
  return joiner === " | " ? quoted.join(" | ") : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}
