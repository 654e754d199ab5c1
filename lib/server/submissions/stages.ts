import "server-only";
import type { PrismaClient } from "@/generated/prisma/client";
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

/** Marks a stage RUNNING (a new attempt) with its total; done counts restart from 0. */
export function startStageRun(db: PrismaClient, submissionId: string, stage: Stage, total: number) {
  return db.stageRun.upsert({
    where: { submissionId_stage: { submissionId, stage } },
    create: { submissionId, stage, status: "RUNNING", attempts: 1, total, startedAt: new Date() },
    update: {
      status: "RUNNING",
      attempts: { increment: 1 },
      done: 0,
      total,
      error: null,
      startedAt: new Date(),
      finishedAt: null,
    },
  });
}
