// Standard exports over real HTTP: the Every Eval Ever document of an approved entry validates
// against the project's own JSON Schema (tests/fixtures/eee, draft-07, Ajv) and carries one
// result per split x category x metric with its interval; the Hugging Face `.eval_results`
// snippet parses as YAML with the Hub's fields. Unknown entries are 404, withdrawn ones 410.
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { approveSubmission, withdrawSubmission } from "@/lib/server/review/decide";
import { userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { gradedSubmission } from "../../support/graded-submission";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const schema = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../../fixtures/eee/eval.schema.json"), "utf8"),
) as Json;

let server: RouteServer;
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
let entry: string;
const log = logger.child({ test: "standard-exports" });
log.level = "error";
const get = (p: string) => fetch(`${server.url}${p}`);

beforeAll(async () => {
  server = await startRouteServer();
  [author, admin] = await Promise.all([userWithToken("eee-author", "SUBMITTER"), userWithToken("eee-admin", "ADMIN")]);
  entry = await gradedSubmission(author.id, `eee-${Date.now()}`, "perfect", log);
  await approveSubmission({ submissionId: entry, reviewerId: admin.id });
});
afterAll(async () => {
  await server?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("Every Eval Ever export", () => {
  it("validates against eval.schema.json with one result per split x category x metric", async () => {
    expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
    const res = await get(`/api/v1/entries/${entry}/eee.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Json;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(doc), JSON.stringify(validate.errors, null, 1)).toBe(true);

    const rows = await db.score.findMany({
      where: { submissionId: entry, aggregate: "micro", scorerVersion: doc.eval_library.version },
    });
    const results = doc.evaluation_results as Json[];
    expect(rows.length).toBeGreaterThan(0);
    expect(results.map((r) => r.evaluation_result_id).sort()).toEqual(
      rows.map((r) => `${r.split}/${r.scope}/${r.metric}`).sort(),
    );
    for (const r of rows) {
      const out = results.find((x) => x.evaluation_result_id === `${r.split}/${r.scope}/${r.metric}`)!;
      expect(out.score_details.score).toBe(r.value);
      expect(out.score_details.uncertainty.num_samples).toBe(r.n);
      if (r.ciLow !== null)
        expect(out.score_details.uncertainty.confidence_interval).toEqual(
          expect.objectContaining({ lower: r.ciLow, upper: r.ciHigh, confidence_level: 0.95 }),
        );
      const judged = r.metric === "judge";
      expect(Boolean(out.metric_config.llm_scoring), `${r.metric} llm_scoring`).toBe(judged);
      if (judged) expect(out.metric_config.llm_scoring.judges[0].model_info.id).toBeTruthy();
    }
    expect(doc.source_metadata.additional_details.entry_url).toBe(`${server.url}/entries/${entry}`);
  });

  it("a document the schema refuses is caught (the check can fail)", async () => {
    const doc = (await (await get(`/api/v1/entries/${entry}/eee.json`)).json()) as Json;
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate({ ...doc, model_info: { name: "x" } })).toBe(false);
  });
});

describe("Hugging Face .eval_results snippet", () => {
  it("parses as YAML with dataset, value, date and source per split x metric", async () => {
    const res = await get(`/api/v1/entries/${entry}/hf-eval-results.yaml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/yaml/);
    const items = parse(await res.text()) as Json[];
    expect(Array.isArray(items)).toBe(true);
    const overallF1 = await db.score.findFirstOrThrow({
      where: { submissionId: entry, split: "overall", scope: "ALL", metric: "f1", aggregate: "micro" },
      orderBy: { createdAt: "desc" },
    });
    for (const it of items) {
      expect(it.dataset.id).toBe("varib/H2HMEM");
      expect(it.dataset.task_id).toMatch(/^(overall|dyadic|multi-party)-(judge|f1|bleu1|precision|recall)$/);
      expect(typeof it.value).toBe("number");
      expect(Number.isNaN(Date.parse(it.date))).toBe(false);
      expect(it.source).toEqual({ url: `${server.url}/entries/${entry}`, name: "H2HMem Leaderboard" });
    }
    expect(items.find((it) => it.dataset.task_id === "overall-f1")?.value).toBe(overallF1.value);
  });

  it("404 for an unknown entry, 410 once withdrawn", async () => {
    expect((await get(`/api/v1/entries/nope/eee.json`)).status).toBe(404);
    const other = await gradedSubmission(author.id, `eee-w-${Date.now()}`, "wrong", log);
    expect((await get(`/api/v1/entries/${other}/hf-eval-results.yaml`)).status).toBe(404);
    await approveSubmission({ submissionId: other, reviewerId: admin.id });
    await withdrawSubmission({ submissionId: other, userId: author.id, reason: "superseded by a new run" });
    expect((await get(`/api/v1/entries/${other}/eee.json`)).status).toBe(410);
  });
});
