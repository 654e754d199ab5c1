import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
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
import { WEBHOOK_EVENTS } from "@/lib/server/notify/events-types";
import { DISPUTE_TYPES } from "@/lib/validation/dispute";
import { newWebhookSecret } from "@/lib/server/notify/signing";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { ctx, fixtureBlob, req, userWithToken } from "../../support/api-helpers";

// The OpenAPI document is generated from the zod schemas, and those schemas describe what the
// API really answers: a live leaderboard response (sorted by a category, so scopeRank is there)
// and an error parse with them, strictly (no undocumented field).

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// Every route handler under app/api/v1: its URL path, and per exported method the token scope
// the handler demands (requireApiUser or requireApiCaller(req, "<scope>"), requireApiAdmin = admin; none = public).
const API_DIR = path.join(import.meta.dirname, "../../../app/api/v1");
// The feeds (app/feeds) are public GET routes outside /api/v1, described in the same document.
const FEEDS_DIR = path.join(import.meta.dirname, "../../../app/feeds");
// And the receipt keys (app/.well-known/jwks.json).
const WELL_KNOWN_DIR = path.join(import.meta.dirname, "../../../app/.well-known");
function routeHandlers(): Array<{ path: string; method: string; scope: string | null }> {
  return [
    ...routeHandlersIn(API_DIR, "/api/v1/"),
    ...routeHandlersIn(FEEDS_DIR, "/feeds/"),
    ...routeHandlersIn(WELL_KNOWN_DIR, "/.well-known/"),
  ];
}
function routeHandlersIn(root: string, prefix: string): Array<{ path: string; method: string; scope: string | null }> {
  const out: Array<{ path: string; method: string; scope: string | null }> = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name === "route.ts") {
        const url =
          prefix +
          path
            .relative(root, dir)
            .split(path.sep)
            .map((seg) => seg.replace(/^\[(\w+)\]$/, "{$1}"))
            .join("/");
        const text = readFileSync(full, "utf8");
        const exports = [...text.matchAll(/^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/gm)];
        exports.forEach((m, i) => {
          const body = text.slice(m.index, exports[i + 1]?.index ?? text.length);
          const scope = body.includes("requireApiAdmin(")
            ? "admin"
            : (/requireApi(?:User|Caller)\(req, "(\w+)"\)/.exec(body)?.[1] ?? null);
          out.push({ path: url.replace(/\/$/, ""), method: m[1]!.toLowerCase(), scope });
        });
      }
    }
  };
  walk(root);
  return out;
}

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
  const { id } = await createSubmission({
    userId: author.id,
    files,
    meta: { methodName: stamp, modality: "text" },
    enqueue: false,
  });
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
    expect(Object.keys(doc.components.schemas)).toEqual([
      "ScoreCell",
      "Attempts",
      "Entry",
      "Reference",
      "Tombstone",
      "Leaderboard",
      "Error",
      "FailureProfile",
      "EvidenceGroup",
      "EvidenceReport",
      "Badge",
      "JudgeScores",
      "EntrySource",
      "JudgeInfo",
      "JudgeCard",
      "RankHistory",
      "ClaimVerdict",
      "Dispute",
      "ReceiptPayload",
      "WebhookCreated",
      "Webhook",
      "WebhookDelivery",
      "SnapshotLinks",
      "SnapshotSummary",
    ]);
    // Issue 49: the dispute threads' answers are the one Dispute schema.
    expect(doc.paths["/api/v1/entries/{id}/disputes"].post.responses["201"].content["application/json"].schema).toEqual(
      {
        $ref: "#/components/schemas/Dispute",
      },
    );
    expect(doc.components.schemas.Dispute.properties.type.enum).toEqual([...DISPUTE_TYPES]);
    expect(
      doc.paths["/api/v1/entries/{id}"].get.responses["200"].content["application/json"].schema.properties
        .failureProfile.oneOf[0],
    ).toEqual({ $ref: "#/components/schemas/FailureProfile" });
    expect(
      doc.paths["/api/v1/entries/{id}"].get.responses["200"].content["application/json"].schema.properties.evidence
        .oneOf[0],
    ).toEqual({ $ref: "#/components/schemas/EvidenceReport" });
    // Every evidence number is defined in a sentence.
    for (const m of ["recallAt1", "recallAt5", "recallAtAll", "judgeWhenMissed", "wrongHadEvidence"])
      expect(doc.components.schemas.EvidenceGroup.properties[m].description).toMatch(/^[A-Z].+\.$/);
    expect(
      doc.paths["/api/v1/entries/{id}"].get.responses["200"].content["application/json"].schema.properties.source
        .oneOf[0],
    ).toEqual({ $ref: "#/components/schemas/EntrySource" });
    expect(
      doc.paths["/api/v1/entries/{id}"].get.responses["200"].content["application/json"].schema.properties.judge
        .oneOf[0],
    ).toEqual({ $ref: "#/components/schemas/JudgeInfo" });
    expect(doc.paths["/api/v1/judge/card"].get.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/JudgeCard",
    });
    expect(doc.components.schemas.JudgeCard.required).toEqual(
      expect.arrayContaining(["version", "judge", "status", "calibration", "noise", "panel"]),
    );
    expect(doc.components.schemas.EntrySource.required).toEqual([
      "repo",
      "commit",
      "run",
      "verified",
      "ref",
      "workflow",
    ]);
    expect(doc.components.schemas.FailureProfile.required).toEqual(
      expect.arrayContaining([
        "refusalRate",
        "missedRefusalRate",
        "overRefusalRate",
        "emptyRate",
        "answerTokens",
        "byCategory",
      ]),
    );

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
    expect(entry.required).toEqual(
      expect.arrayContaining([
        "rank",
        "id",
        "methodName",
        "organization",
        "modality",
        "isBaseline",
        "overall",
        "mainTypes",
        "categories",
      ]),
    );
    expect(doc.components.schemas.Leaderboard.properties.entries.items).toEqual({ $ref: "#/components/schemas/Entry" });
    // Issue 14: attempts, status, reference rows and tombstones come from their zod schemas too.
    expect(entry.properties.attempts).toEqual({ $ref: "#/components/schemas/Attempts" });
    expect(entry.properties.status.const).toBe("approved");
    expect(doc.components.schemas.Leaderboard.properties.references.items).toEqual({
      $ref: "#/components/schemas/Reference",
    });
    expect(doc.components.schemas.Reference.properties.kind.enum).toEqual(["always-refuse", "echo-question", "empty"]);
    expect(doc.components.schemas.Leaderboard.properties.withdrawn.items).toEqual({
      $ref: "#/components/schemas/Tombstone",
    });
    expect(param("status").schema.enum).toEqual(["approved", "withdrawn"]);
    const gone = doc.paths["/api/v1/entries/{id}"].get.responses["410"].content["application/json"].schema;
    expect(gone.properties.entry).toEqual({ $ref: "#/components/schemas/Tombstone" });
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain("RATE_LIMITED");
    expect(JSON.stringify(doc)).not.toMatch(/"\$schema"|"\$id"|9007199254740991/);
  });

  it("has an operation for every route handler under app/api/v1 (and none without one), with the handler's token scope", async () => {
    const doc = (await openapiRoute.GET(req("/api/v1/openapi.json")).json()) as Json;
    const handlers = routeHandlers();
    expect(handlers.length).toBeGreaterThan(30);
    expect(handlers).toContainEqual({ path: "/api/v1/webhooks/{id}/test", method: "post", scope: "webhooks" });
    const inSpec = Object.entries(doc.paths as Json).flatMap(([p, ops]) =>
      Object.keys(ops as Json).map((method) => `${method.toUpperCase()} ${p}`),
    );
    expect(inSpec.sort()).toEqual(handlers.map((h) => `${h.method.toUpperCase()} ${h.path}`).sort());
    for (const h of handlers) {
      const op = doc.paths[h.path][h.method] as Json;
      expect({ at: `${h.method} ${h.path}`, scope: op["x-token-scope"] ?? null }).toEqual({
        at: `${h.method} ${h.path}`,
        scope: h.scope,
      });
      if (h.scope) {
        expect(op.security).toEqual([{ apiToken: [h.scope] }, { session: [] }]);
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["401", "403"]));
      } else expect(op.security).toEqual([]);
      expect(op.summary.length).toBeGreaterThan(10);
      // Every error answer is the one Error body (410 adds the tombstone to it).
      for (const [status, r] of Object.entries(op.responses as Record<string, Json>)) {
        if (Number(status) >= 400 && status !== "410")
          expect(r.content["application/json"].schema, `${h.method} ${h.path} ${status}`).toEqual({
            $ref: "#/components/schemas/Error",
          });
      }
    }
    expect(Object.keys(doc.components.securitySchemes)).toEqual(["apiToken", "session"]);

    // Issue 18's webhook endpoints: the request from the zod schema, the answer with its secret.
    const create = doc.paths["/api/v1/webhooks"].post;
    expect(create.requestBody.content["application/json"].schema.properties.events.items.enum).toEqual([
      ...WEBHOOK_EVENTS,
    ]);
    expect(create.requestBody.content["application/json"].schema.required).toEqual(["url", "events"]);
    expect(create.responses["201"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/WebhookCreated",
    });
    expect(newWebhookSecret()).toMatch(new RegExp(doc.components.schemas.WebhookCreated.properties.secret.pattern));
    expect(create.responses["422"].description).toMatch(/private/);
    expect(
      doc.paths["/api/v1/webhooks"].get.responses["200"].content["application/json"].schema.properties.webhooks.items,
    ).toEqual({ $ref: "#/components/schemas/Webhook" });
    expect(doc.components.schemas.WebhookDelivery.properties.status.enum).toEqual(["PENDING", "DELIVERED", "FAILED"]);
    expect(doc.paths["/api/v1/webhooks/{id}/test"].post.responses["202"]).toBeDefined();
    expect(doc.paths["/api/v1/webhooks/{id}"].delete.responses["404"]).toBeDefined();
    // The upload's multipart fields come from the method card's zod schema.
    const upload = doc.paths["/api/v1/submissions"].post.requestBody.content["multipart/form-data"].schema;
    expect(Object.keys(upload.properties)).toEqual(
      expect.arrayContaining([
        "dyadic",
        "multiparty",
        "methodName",
        "backbone",
        "publicPredictions",
        "sourceRepo",
        "sourceCommit",
        "sourceRun",
        "runOf",
        "reproduces",
        "ciToken",
        "tokensPerQuestion",
      ]),
    );
    expect(
      doc.paths["/api/v1/submissions/{id}/retry"].post.requestBody.content["application/json"].schema.properties.stage
        .enum,
    ).toEqual(["lexical", "judge"]);
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
