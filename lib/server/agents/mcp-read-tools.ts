import "server-only";
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CATEGORIES,
  CATEGORY_CODES,
  FIELD_HINTS,
  MAIN_TYPES,
  PREDICTION_FIELDS,
  PREDICTION_FILE_ALIASES,
  PREDICTION_FILE_NAMES,
  SPLITS,
  isOptionalField,
} from "@/lib/scoring";
import { AppError } from "../errors";
import { leaderboardJsonSchema } from "../leaderboard/api-schema";
import { getLeaderboard } from "../leaderboard/view";
import { boardMetricSchema, leaderboardParamsSchema, parseLeaderboardParams } from "../leaderboard/params";
import { getPublicEntryOrTombstone } from "../leaderboard/entries";
import { tombstoneMessage } from "../leaderboard/tombstones";
import { compareEntries } from "../leaderboard/compare";
import { claimQuerySchema, claimVerdictSchema } from "../history/history-schema";
import { verifyClaim } from "../history/rank-history";
import { judgeCardFor } from "../scores/judge-card";
import { judgeCardSchema } from "../scores/judge-card-schema";
import { uploadLimits } from "../submissions/validate-upload";
import { leaderboardJson } from "../exports/export";
import { answer, ok } from "./mcp-result";
import { toolInfo } from "./tool-catalog";

// Anonymous tools, each calling the service function its REST route calls, so the numbers are the same.

// The board's view parameters as the REST query takes them (text), parsed by the same function.
const boardArgs = {
  ...Object.fromEntries(
    Object.entries(leaderboardParamsSchema.shape)
      .filter(([name]) => name !== "page")
      .map(([name, field]) => [
        name,
        z
          .string()
          .optional()
          .describe(field.description ?? name),
      ]),
  ),
  // The issue's name for "rank by one category": the REST query says it as sort=-CODE.
  category: z
    .enum([...MAIN_TYPES, ...CATEGORY_CODES])
    .optional()
    .describe("A main type or category code: the board ranked by it, best first (as sort=-CODE)."),
};

const entryOutput = z
  .looseObject({ id: z.string(), methodName: z.string(), status: z.string(), scores: z.array(z.looseObject({})) })
  .describe("As GET /api/v1/entries/{id}.");
const pairedSchema = z.strictObject({
  scope: z.string(),
  n: z.int(),
  meanA: z.number(),
  meanB: z.number(),
  diff: z.number(),
  ciLow: z.number(),
  ciHigh: z.number(),
  pValue: z.number(),
});
const compareOutput = z.strictObject({
  a: z.string(),
  b: z.string(),
  metric: z.string(),
  results: z.array(pairedSchema).describe("A minus B per scope (ALL, then categories) on the questions both answered."),
});
const formatOutput = z.strictObject({
  files: z.record(z.string(), z.strictObject({ name: z.string(), aliases: z.array(z.string()) })),
  shape: z.string(),
  fields: z.array(z.strictObject({ name: z.string(), required: z.boolean(), hint: z.string() })),
  categories: z.array(
    z.strictObject({ code: z.string(), name: z.string(), mainType: z.string(), aliases: z.array(z.string()) }),
  ),
  limits: z.strictObject({ maxBytes: z.int(), maxItems: z.int(), maxAnswerChars: z.int() }),
});

const describe = (name: Parameters<typeof toolInfo>[0]) => ({ description: toolInfo(name).description });
const readOnly = { readOnlyHint: true, openWorldHint: false };

export function registerReadTools(server: McpServer): void {
  server.registerTool(
    "get_board",
    { ...describe("get_board"), inputSchema: boardArgs, outputSchema: leaderboardJsonSchema, annotations: readOnly },
    (args) =>
      answer(async () => {
        const { category, ...query } = args as Record<string, string | undefined>;
        const params = parseLeaderboardParams(category ? { sort: `-${category}`, ...query } : query);
        const board = JSON.parse(leaderboardJson(await getLeaderboard(params, { all: true }))) as {
          entries: Array<{ rank: number | null; methodName: string }>;
        };
        const top = board.entries.slice(0, 3).map((e) => `${e.rank ?? "-"}. ${e.methodName}`);
        return ok(
          board,
          `${board.entries.length} entries (${params.split}, ${params.metric}, ${params.aggregate}). ${top.join("; ")}`,
        );
      }),
  );
  server.registerTool(
    "get_entry",
    {
      ...describe("get_entry"),
      inputSchema: { id: z.string().min(1).max(100) },
      outputSchema: entryOutput,
      annotations: readOnly,
    },
    ({ id }) =>
      answer(async () => {
        const entry = await getPublicEntryOrTombstone(id);
        if (entry.status === "withdrawn") throw new AppError("GONE", tombstoneMessage(entry));
        return ok(
          entry,
          `${entry.methodName}${entry.organization ? ` (${entry.organization})` : ""}: ${entry.scores.length} scores`,
        );
      }),
  );
  server.registerTool(
    "compare_entries",
    {
      ...describe("compare_entries"),
      inputSchema: {
        a: z.string().min(1).max(100),
        b: z.string().min(1).max(100),
        metric: boardMetricSchema.optional(),
      },
      outputSchema: compareOutput,
      annotations: readOnly,
    },
    ({ a, b, metric = "f1" }) =>
      answer(async () => {
        const results = await compareEntries(a, b, metric);
        if (!results) throw new AppError("NOT_FOUND", "Both ids must be approved entries scored on common questions.");
        const all = results.find((r) => r.scope === "ALL")!;
        return ok(
          { a, b, metric, results },
          `${metric} A-B ${all.diff.toFixed(3)} [${all.ciLow.toFixed(3)}, ${all.ciHigh.toFixed(3)}], p=${all.pValue.toFixed(3)}, n=${all.n}`,
        );
      }),
  );
  server.registerTool(
    "verify_claim",
    {
      ...describe("verify_claim"),
      inputSchema: claimQuerySchema,
      outputSchema: claimVerdictSchema,
      annotations: readOnly,
    },
    (args) =>
      answer(async () => {
        const verdict = await verifyClaim(claimQuerySchema.parse(args));
        return ok(verdict, verdict.verified ? `Verified by snapshot ${verdict.proof?.snapshot}.` : "Not verified.");
      }),
  );
  server.registerTool(
    "get_judge_card",
    {
      ...describe("get_judge_card"),
      inputSchema: { version: z.string().max(500).optional() },
      outputSchema: judgeCardSchema,
      annotations: readOnly,
    },
    ({ version }) =>
      answer(async () => {
        const card = judgeCardSchema.parse(await judgeCardFor(version));
        return ok(card, `Judge ${card.version} (${card.status}).`);
      }),
  );
  server.registerTool(
    "get_format",
    { ...describe("get_format"), outputSchema: formatOutput, annotations: readOnly },
    () =>
      answer(async () => {
        const format = {
          files: Object.fromEntries(
            SPLITS.map((s) => [s, { name: PREDICTION_FILE_NAMES[s], aliases: PREDICTION_FILE_ALIASES[s] }]),
          ),
          shape:
            '{"predictions": [{question_text, question_image, system_answer, original_answer, category, retrieved_sessions?}, ...]}',
          fields: PREDICTION_FIELDS.map((f) => ({ name: f, required: !isOptionalField(f), hint: FIELD_HINTS[f] })),
          categories: CATEGORY_CODES.map((c) => ({ ...CATEGORIES[c], aliases: [...CATEGORIES[c].aliases] })),
          limits: uploadLimits(),
        };
        return ok(
          format,
          `Two JSON files (${Object.values(PREDICTION_FILE_NAMES).join(", ")}); ${CATEGORY_CODES.length} categories.`,
        );
      }),
  );
}
