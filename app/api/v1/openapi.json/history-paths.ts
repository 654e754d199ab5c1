import type { z } from "zod";
import { feedQuerySchema } from "@/lib/server/history/board-feed";
import { claimQuerySchema, rankHistoryQuerySchema } from "@/lib/server/history/history-schema";
import { fails, input, jsonContent, operation, pathParam, rateLimited, ref, type JsonSchema } from "./components";

const queryParams = (schema: z.ZodObject, required: string[] = []) =>
  Object.entries(schema.shape).map(([name, field]) => {
    const { description, ...s } = input(field as z.ZodType);
    return { name, in: "query", required: required.includes(name), schema: s as JsonSchema, description };
  });
const id = pathParam("id");
const badQuery = [
  "BAD_REQUEST",
  "A query parameter is invalid or missing; the message and `details[].path` name it.",
] as const;
const noEntry = ["NOT_FOUND", "No approved entry with this id."] as const;
const etag = { ETag: { schema: { type: "string" } } };

export const historyPaths = {
  "/api/v1/entries/{id}/eee.json": {
    get: operation(null, {
      summary:
        "The approved entry in the Every Eval Ever schema (evaleval/every_eval_ever eval.schema.json 0.3.0): one result per split x category x metric (micro mean) with its 95% bootstrap interval and n; judge results name the judge and prompt under `llm_scoring`; `eval_library.version` is the scorer version.",
      parameters: [id],
      responses: {
        "200": { description: "The EEE document.", headers: etag, content: jsonContent({ type: "object" }) },
        "304": { description: "Not modified (If-None-Match matched the ETag)." },
        ...fails([...noEntry], ["GONE", "The entry was withdrawn or unpublished."], rateLimited),
      },
    }),
  },
  "/api/v1/entries/{id}/hf-eval-results.yaml": {
    get: operation(null, {
      summary:
        "The approved entry's results as a Hugging Face `.eval_results/*.yaml` file for the authors' model repository: a list of {dataset: {id, task_id}, value, date, source: {url, name}, notes}, one item per split x metric (micro mean over all categories).",
      parameters: [id],
      responses: {
        "200": {
          description: "The YAML file.",
          headers: etag,
          content: { "application/yaml": { schema: { type: "string" } } },
        },
        "304": { description: "Not modified (If-None-Match matched the ETag)." },
        ...fails([...noEntry], ["GONE", "The entry was withdrawn or unpublished."], rateLimited),
      },
    }),
  },
  "/api/v1/entries/{id}/rank-history": {
    get: operation(null, {
      summary:
        "The entry's rank, tie group and score in every immutable board snapshot of one view (split x category x metric x aggregate), oldest first; withdrawn entries keep their history.",
      parameters: [id, ...queryParams(rankHistoryQuerySchema)],
      responses: {
        "200": { description: "The history.", content: jsonContent(ref("RankHistory")) },
        ...fails([...badQuery], ["NOT_FOUND", "No entry that was ever on the board."], rateLimited),
      },
    }),
  },
  "/api/v1/claims/verify": {
    get: operation(null, {
      summary:
        'Checks "entry held rank R on date D" in one view against the board snapshots in force then: `verified` true or false, the snapshot that proves it (`proof`) and every snapshot checked.',
      parameters: queryParams(claimQuerySchema, ["entry", "rank", "date"]),
      responses: {
        "200": { description: "The verdict.", content: jsonContent(ref("ClaimVerdict")) },
        ...fails([...badQuery], ["NOT_FOUND", "No entry that was ever on the board."], rateLimited),
      },
    }),
  },
  "/feeds/board.atom": {
    get: operation(null, {
      summary:
        "Atom 1.0 feed of the board: one item per publication, withdrawal and re-score, each linking its snapshot; `event=new-best` gives only the moments an entry took rank 1 in the view (split, category, metric, aggregate). Newest 100 items.",
      parameters: queryParams(feedQuerySchema),
      responses: {
        "200": {
          description: "The feed.",
          headers: etag,
          content: { "application/atom+xml": { schema: { type: "string" } } },
        },
        "304": { description: "Not modified (If-None-Match matched the ETag)." },
        ...fails([...badQuery], rateLimited),
      },
    }),
  },
};
