import "server-only";
import { z } from "zod";
import { CATEGORY_CODES } from "@/lib/scoring";

// The JSON of GET /api/v1/judge/card (docs/JUDGE.md, "The judge card"): buildJudgeCard
// (./judge-card.ts) is typed by it, the OpenAPI document is generated from it, and a test parses
// real responses with it.

const share = z.number().min(0).max(1).nullable();
const rateSchema = z.strictObject({
  n: z.int().min(0).meta({ description: "Calibration answers this rate is over." }),
  count: z.int().min(0),
  rate: share,
  ciLow: share.meta({ description: "95% interval (seeded percentile bootstrap, as the board's intervals)." }),
  ciHigh: share,
});
const meanScoreSchema = z.strictObject({ reference: share, topical: share, refusal: share });
const statsShape = {
  falseAccept: rateSchema.meta({
    description:
      "Answers that deserve 0 (another question's reference; the refusal outside Answer Refusal) given more.",
  }),
  falseReject: rateSchema.meta({ description: "Reference answers (deserve full marks) given less." }),
  meanScore: meanScoreSchema,
  judged: z.int().min(0),
  unjudged: z.int().min(0),
};
const categoryCode = z.enum(CATEGORY_CODES);
const usageSchema = z.strictObject({
  calls: z.int().min(0),
  retries: z.int().min(0),
  reasks: z.int().min(0),
  cacheHits: z.int().min(0),
  promptTokens: z.int().min(0),
  completionTokens: z.int().min(0),
  wallMs: z.int().min(0),
});
const kappaSchema = z.strictObject({ n: z.int().min(0), kappa: z.number().nullable() });

export const judgeCardSchema = z
  .strictObject({
    version: z.string().meta({ description: 'The judge version: "<model>@<prompt version>".' }),
    judge: z.strictObject({ model: z.string(), promptVersion: z.string(), demo: z.boolean() }),
    published: z.boolean().meta({ description: "This judge scores the public board." }),
    status: z.enum(["ready", "pending", "failed", "none"]).meta({
      description: "ready: calibrated; pending: queued or running; failed: the last run failed; none: never run.",
    }),
    calibration: z
      .strictObject({
        keyTag: z.string(),
        sample: z.int().min(1).meta({ description: "Questions per kind (JUDGE_CALIBRATION_SAMPLE)." }),
        seed: z.int(),
        computedAt: z.string().meta({ format: "date-time" }),
        overall: z.strictObject(statsShape),
        categories: z.array(z.strictObject({ category: categoryCode, ...statsShape })),
        cost: usageSchema,
      })
      .nullable(),
    noise: z
      .strictObject({
        checks: z.int().min(0).meta({ description: "Agreement checks of this judge pooled." }),
        compared: z.int().min(0),
        differ: z.int().min(0),
        differRate: share.meta({ description: "Share of repeated judgements that differ from the first." }),
        perQuestionSd: z.number().nullable(),
        entryMeanSd: z.number().nullable().meta({ description: "SD the noise puts on a judge mean over `questions`." }),
        questions: z.int().min(0),
      })
      .nullable(),
    panel: z
      .strictObject({
        model: z.string(),
        promptVersion: z.string(),
        computedAt: z.string().meta({ format: "date-time" }),
        kappa: z.strictObject({
          overall: kappaSchema,
          categories: z.array(
            z.strictObject({ category: categoryCode, n: z.int().min(0), kappa: z.number().nullable() }),
          ),
        }),
        ranking: z.strictObject({
          against: z.string().meta({ description: "The scorer version whose board was compared." }),
          n: z.int().min(0),
          tau: z.number().nullable(),
          changes: z.array(
            z.strictObject({ id: z.string(), methodName: z.string(), primaryRank: z.int(), panelRank: z.int() }),
          ),
        }),
        cost: usageSchema,
      })
      .nullable()
      .meta({ description: "A second judge's agreement with this one (never replaces published scores)." }),
  })
  .meta({ description: "The judge card: how far a judge version can be trusted." });

export type JudgeCard = z.infer<typeof judgeCardSchema>;

export const judgeCardQuerySchema = z.strictObject({
  version: z.string().trim().min(1).max(400).optional().meta({
    description:
      'A judge version ("<model>@<prompt version>") or a scorer version naming one; default: the published judge.',
  }),
});
