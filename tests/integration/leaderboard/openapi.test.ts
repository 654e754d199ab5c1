import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import * as entryRoute from "@/app/api/v1/entries/[id]/route";
import * as leaderboardRoute from "@/app/api/v1/leaderboard/route";
import { db } from "@/lib/server/db";
import { errorBodySchema } from "@/lib/server/errors";
import { leaderboardJsonSchema } from "@/lib/server/leaderboard/api-schema";
import { boardMetricSchema, boardSplitSchema, leaderboardParamsSchema } from "@/lib/server/leaderboard/params";
import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { ctx, fixtureBlob, req, userWithToken } from "../../support/api-helpers";

// The OpenAPI document is generated from the zod schemas, and those schemas describe what the
// API really answers: a live leaderboard response (sorted by a category, so scopeRank is there)
// and an error parse with them, strictly (no undocumented field).

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;

beforeAll(async () => {
  author = await userWithToken("openapi-author", "SUBMITTER");
  admin = await userWithToken("openapi-admin", "ADMIN");
  const stamp = `openapi-${Date.now()}`;
  const bytes = async (rel: string) => new Uint8Array(await fixtureBlob(rel, stamp).arrayBuffer());
  const files = {
    dyadic: { fileName: "prediction_dyadic.json", bytes: await bytes("good/prediction_dyadic.json") },
    multiparty: { fileName: "prediction_multiparty.json", bytes: await bytes("good/prediction_multiparty.json") },
  };
  const { id } = await createSubmission({ userId: author.id, files, meta: { methodName: stamp, modality: "text" }, enqueue: false });
  expect(await scoreSubmissionPipeline(id, logger.child({ test: "openapi" }))).toBe("scored");
  await approveSubmission({ submissionId: id, reviewerId: admin.id });
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("GET /api/v1/openapi.json", () => {
  it("keeps its paths and takes parameters and component schemas from the zod schemas", async () => {
    const r = openapiRoute.GET(req("/api/v1/openapi.json"));
    expect(r.status).toBe(200);
    const doc = (await r.json()) as Json;
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(["/api/v1/leaderboard", "/api/v1/leaderboard.csv", "/api/v1/entries/{id}", "/api/v1/entries/{id}/badge.json", "/api/v1/entries/{id}/files/{split}", "/api/v1/entries/{id}/judge-scores", "/api/v1/snapshots", "/api/v1/snapshots/{id}"]);
    expect(Object.keys(doc.components.schemas)).toEqual(["ScoreCell", "Attempts", "Entry", "Reference", "Tombstone", "Leaderboard", "Error", "FailureProfile", "Badge", "JudgeScores", "EntrySource"]);
    expect(doc.paths["/api/v1/entries/{id}"].get.responses["200"].content["application/json"].schema.properties.failureProfile.oneOf[0]).toEqual({ $ref: "#/components/schemas/FailureProfile" });
    expect(doc.paths["/api/v1/entries/{id}"].get.responses["200"].content["application/json"].schema.properties.source.oneOf[0]).toEqual({ $ref: "#/components/schemas/EntrySource" });
    expect(doc.components.schemas.EntrySource.required).toEqual(["repo", "commit", "run"]);
    expect(doc.components.schemas.FailureProfile.required).toEqual(expect.arrayContaining(["refusalRate", "missedRefusalRate", "overRefusalRate", "emptyRate", "answerTokens", "byCategory"]));

    const params = doc.paths["/api/v1/leaderboard"].get.parameters as Json[];
    const param = (name: string) => params.find((p) => p.name === name)!;
    expect(params.map((p) => p.name)).toEqual(Object.keys(leaderboardParamsSchema.shape).filter((n) => n !== "page"));
    expect(param("split").schema).toEqual({ type: "string", enum: boardSplitSchema.options, default: "overall" });
    expect(param("metric").schema.enum).toEqual(boardMetricSchema.options);
    expect(param("metric").schema.enum).toContain("judge");
    expect(param("verified").schema).toEqual({ type: "string", enum: ["1", "0"] });
    expect(params.every((p) => typeof p.description === "string" && p.description.length > 0)).toBe(true);

    const entry = doc.components.schemas.Entry;
    expect(entry.properties.overall).toEqual({ $ref: "#/components/schemas/ScoreCell" });
    expect(entry.properties.categories.propertyNames.enum).toContain("UPR");
    expect(Object.keys(entry.properties)).toEqual(expect.arrayContaining(["refusalRate", "overRefusalRate"]));
    expect(doc.components.schemas.Leaderboard.properties.lowNMin.type).toBe("integer");
    expect(entry.required).toEqual(expect.arrayContaining(["rank", "id", "methodName", "organization", "modality", "isBaseline", "overall", "mainTypes", "categories"]));
    expect(doc.components.schemas.Leaderboard.properties.entries.items).toEqual({ $ref: "#/components/schemas/Entry" });
    // Issue 14: attempts, status, reference rows and tombstones come from their zod schemas too.
    expect(entry.properties.attempts).toEqual({ $ref: "#/components/schemas/Attempts" });
    expect(entry.properties.status.const).toBe("approved");
    expect(doc.components.schemas.Leaderboard.properties.references.items).toEqual({ $ref: "#/components/schemas/Reference" });
    expect(doc.components.schemas.Reference.properties.kind.enum).toEqual(["always-refuse", "echo-question", "empty"]);
    expect(doc.components.schemas.Leaderboard.properties.withdrawn.items).toEqual({ $ref: "#/components/schemas/Tombstone" });
    expect(param("status").schema.enum).toEqual(["approved", "withdrawn"]);
    const gone = doc.paths["/api/v1/entries/{id}"].get.responses["410"].content["application/json"].schema;
    expect(gone.properties.entry).toEqual({ $ref: "#/components/schemas/Tombstone" });
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain("RATE_LIMITED");
    expect(JSON.stringify(doc)).not.toMatch(/"\$schema"|"\$id"|9007199254740991/);
  });

  it("describes what the API answers: a leaderboard view and an error", async () => {
    const board = await leaderboardRoute.GET(req("/api/v1/leaderboard?sort=-UPR&metric=bleu1"), ctx({}));
    expect(board.status).toBe(200);
    const parsed = leaderboardJsonSchema.parse(await board.json());
    expect(parsed.entries.length).toBeGreaterThan(0);
    expect(parsed.entries.some((e) => e.scopeRank?.scope === "UPR")).toBe(true);
    expect(parsed.metric).toBe("bleu1");

    const missing = await entryRoute.GET(req("/api/v1/entries/no-such-entry"), ctx({ id: "no-such-entry" }));
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(await missing.json()).error.code).toBe("NOT_FOUND");
  });
});
