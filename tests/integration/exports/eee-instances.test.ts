// Issue 51, point 3: the EEE instance-level file of an entry with public predictions, over real HTTP.
// Each JSON line is checked against the instance-level record contract (instance_level_eval 0.2.2:
// required fields, single-turn shape, answer attribution, score), and also against the upstream
// schema file when tests/fixtures/eee/instance_level_eval.schema.json is present (README there);
// the aggregate document still validates against eval.schema.json and points at the file by checksum.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { gradedSubmission } from "../../support/graded-submission";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const EEE = path.join(import.meta.dirname, "../../fixtures/eee");
const aggregateSchema = JSON.parse(readFileSync(path.join(EEE, "eval.schema.json"), "utf8")) as Json;
const upstreamInstance = path.join(EEE, "instance_level_eval.schema.json");
const str = { type: "string" };
// The instance-level record as the 0.2.2 spec defines a single-turn one (our reading of it).
const instanceContract = {
  type: "object",
  required: [
    "schema_version",
    "evaluation_id",
    "model_id",
    "evaluation_name",
    "sample_id",
    "interaction_type",
    "input",
    "answer_attribution",
    "evaluation",
  ],
  properties: {
    schema_version: { const: "instance_level_eval_0.2.2" },
    interaction_type: { const: "single_turn" },
    input: {
      type: "object",
      required: ["raw", "reference"],
      properties: { raw: str, reference: { type: "array", items: str } },
    },
    output: { type: "object", required: ["raw"], properties: { raw: { type: "array", items: str } } },
    answer_attribution: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["turn_idx", "source", "extracted_value", "extraction_method", "is_terminal"],
        properties: { turn_idx: { type: "integer", minimum: 0 }, is_terminal: { type: "boolean" } },
      },
    },
    evaluation: {
      type: "object",
      required: ["score", "is_correct"],
      properties: { score: { type: "number" }, is_correct: { type: "boolean" } },
    },
    metadata: { type: "object", additionalProperties: str },
  },
};

let server: RouteServer;
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
let open: string;
let closed: string;
const log = logger.child({ test: "eee-instances" });
log.level = "error";
const get = (p: string) => fetch(`${server.url}${p}`);

beforeAll(async () => {
  server = await startRouteServer();
  [author, admin] = await Promise.all([
    userWithToken("eeei-author", "SUBMITTER"),
    userWithToken("eeei-admin", "ADMIN"),
  ]);
  open = await gradedSubmission(author.id, `eeei-o-${Date.now()}`, "perfect", log);
  closed = await gradedSubmission(author.id, `eeei-c-${Date.now()}`, "wrong", log);
  await db.submission.update({
    where: { id: open },
    data: { publicPredictions: true, backbone: "gpt-4o", organization: "Lab" },
  });
  for (const id of [open, closed]) await approveSubmission({ submissionId: id, reviewerId: admin.id });
});
afterAll(async () => {
  await server?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("EEE instance-level records", () => {
  it("one valid record per scored prediction and metric, with question, gold, answer and score", async () => {
    const res = await get(`/api/v1/entries/${open}/eee-samples.jsonl`);
    expect(res.status).toBe(200);
    const body = await res.text();
    const records = body
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    const ajv = () => new Ajv({ allErrors: true, strict: false });
    const checks = [ajv().compile<unknown>(instanceContract)];
    if (existsSync(upstreamInstance))
      checks.push(ajv().compile<unknown>(JSON.parse(readFileSync(upstreamInstance, "utf8")) as Json));
    for (const r of records)
      for (const validate of checks) expect(validate(r), JSON.stringify(validate.errors)).toBe(true);
    const rows = await db.questionScore.findMany({ where: { submissionId: open }, include: { prediction: true } });
    const lexical = rows.filter((r) => r.f1 !== null).length;
    expect(records.filter((r) => r.evaluation_result_id.endsWith("/ALL/f1"))).toHaveLength(lexical);
    const one = rows.find((r) => r.f1 !== null)!;
    const rec = records.find(
      (r) =>
        r.metadata.index === String(one.index) &&
        r.metadata.split === one.split &&
        r.evaluation_result_id.endsWith("/f1"),
    )!;
    expect(rec.output.raw).toEqual([one.prediction.systemAnswer]);
    expect(rec.input.raw).toContain(one.prediction.questionText);
    expect(rec.evaluation.score).toBe(one.f1);

    const doc = (await (await get(`/api/v1/entries/${open}/eee.json`)).json()) as Json;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(aggregateSchema);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc.detailed_evaluation_results).toMatchObject({
      format: "jsonl",
      hash_algorithm: "sha256",
      checksum: createHash("sha256").update(body).digest("hex"),
      total_rows: records.length,
    });
    expect(new Set(records.map((r) => r.evaluation_id))).toEqual(new Set([doc.evaluation_id]));
    expect(doc.model_info.additional_details).toMatchObject({
      deployment_type: "externally_managed",
      model_availability: "closed_weights",
    });
    expect(doc.source_metadata.additional_details.predictions_generated_by).toMatch(/submitting account of Lab/);
    expect(doc.source_metadata.additional_details.predictions_submitted_from).toBe("upload");
  });

  it("private predictions: no instance file, and the aggregate names none", async () => {
    expect((await get(`/api/v1/entries/${closed}/eee-samples.jsonl`)).status).toBe(404);
    const doc = (await (await get(`/api/v1/entries/${closed}/eee.json`)).json()) as Json;
    expect(doc.detailed_evaluation_results).toBeUndefined();
    expect(doc.model_info.additional_details).toMatchObject({
      deployment_type: "unknown",
      model_availability: "unknown",
    });
  });
});
