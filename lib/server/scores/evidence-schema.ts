import "server-only";
import { z } from "zod";
import {
  CATEGORY_CODES,
  EVIDENCE_METRICS,
  SPLITS,
  WRONG_BELOW,
  type EvidenceGroup,
  type EvidenceMetric,
  type EvidenceReport,
} from "@/lib/scoring";

// The evidence metrics as the API serves them (entry detail, board entries, OpenAPI); one sentence
// per number, the same as docs/SCORING.md "Evidence metrics".

export const EVIDENCE_METRIC_TEXT: Record<EvidenceMetric, string> = {
  recallAt1: "Share of questions with gold evidence whose gold session is the first retrieved session.",
  recallAt3: "Share of questions with gold evidence whose gold session is among the first 3 retrieved sessions.",
  recallAt5: "Share of questions with gold evidence whose gold session is among the first 5 retrieved sessions.",
  recallAtAll: "Share of questions with gold evidence whose gold session is anywhere in retrieved_sessions.",
  judgeWhenRetrieved: "Mean judge score of the questions whose gold session was retrieved (anywhere in the list).",
  judgeWhenMissed: "Mean judge score of the questions whose gold session was not retrieved.",
  f1WhenRetrieved: "Mean lexical F1 of the questions whose gold session was retrieved.",
  f1WhenMissed: "Mean lexical F1 of the questions whose gold session was not retrieved.",
  wrongMissedEvidence: `Of the questions answered wrongly (judge score below ${WRONG_BELOW}), the share whose gold session was not retrieved (a retrieval failure).`,
  wrongHadEvidence: `Of the questions answered wrongly (judge score below ${WRONG_BELOW}), the share whose gold session was retrieved (a reasoning failure).`,
};

const evidenceStatSchema = z.strictObject({
  value: z.number().min(0).max(1).nullable(),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  n: z.int().min(0).meta({ description: "The denominator: questions the value is a mean over." }),
});

export const evidenceGroupSchema = z
  .strictObject({
    split: z.enum([...SPLITS, "overall"]),
    scope: z.enum(["ALL", ...CATEGORY_CODES]),
    n: z.int().min(0).meta({ description: "Questions with usable gold evidence (the recall denominator)." }),
    noGold: z.int().min(0).meta({ description: "Questions left out: their answer_session gives no usable evidence." }),
    wrong: z
      .int()
      .min(0)
      .meta({ description: `Judged questions with gold evidence scoring below ${WRONG_BELOW}.` }),
    ...(Object.fromEntries(
      EVIDENCE_METRICS.map((m) => [m, evidenceStatSchema.meta({ description: EVIDENCE_METRIC_TEXT[m] })]),
    ) as Record<EvidenceMetric, typeof evidenceStatSchema>),
  })
  .meta({
    description:
      "Evidence metrics of one split and scope, each with its n and a 95% percentile-bootstrap interval; value null when its denominator is empty or the entry was not judged.",
  }) satisfies z.ZodType<EvidenceGroup>;

export const evidenceReportSchema = z
  .strictObject({
    wrongBelow: z.number().meta({ description: "A judge score below this counts as a wrong answer." }),
    groups: z.array(evidenceGroupSchema),
  })
  .meta({
    description:
      "Evidence metrics per split (and overall) and per category (docs/SCORING.md). null when the entry sent no retrieved_sessions: not reported, never 0.",
  }) satisfies z.ZodType<EvidenceReport>;
