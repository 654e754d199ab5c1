import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/v1/admin/submissions/[id]/approve/route";
import * as rejectRoute from "@/app/api/v1/admin/submissions/[id]/reject/route";
import * as adminListRoute from "@/app/api/v1/admin/submissions/route";
import * as entryRoute from "@/app/api/v1/entries/[id]/route";
import * as csvRoute from "@/app/api/v1/leaderboard.csv/route";
import * as leaderboardRoute from "@/app/api/v1/leaderboard/route";
import * as submissionRoute from "@/app/api/v1/submissions/[id]/route";
import * as submissionsRoute from "@/app/api/v1/submissions/route";
import { encode } from "next-auth/jwt";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { ctx, fixtureBlob, req, userWithToken } from "../../support/api-helpers";

// The thin slice through HTTP API v1: upload -> score -> approve -> public leaderboard.
// The scoring step runs the worker's pipeline in-process (same code the worker runs).

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const body = async (r: Response): Promise<Json> => (await r.json()) as Json;

let author: Awaited<ReturnType<typeof userWithToken>>;
let other: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
const stamp = `api-${Date.now()}`;
const method = `API thin slice ${stamp}`;
let id = "";

function upload(token: string | undefined, form: FormData): Promise<Response> {
  return submissionsRoute.POST(req("/api/v1/submissions", { method: "POST", body: form, token }), ctx({}));
}

beforeAll(async () => {
  author = await userWithToken("author", "SUBMITTER");
  other = await userWithToken("other", "SUBMITTER");
  admin = await userWithToken("admin", "ADMIN");
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [author?.id, other?.id, admin?.id].filter(Boolean) } } });
});

describe("API v1 submission edge cases", () => {
  it("401 without credentials, 401 with a bad token", async () => {
    const r = await upload(undefined, new FormData());
    expect(r.status).toBe(401);
    expect((await body(r)).error.code).toBe("UNAUTHORIZED");
    expect((await upload("h2h_not-a-real-token", new FormData())).status).toBe(401);
  });

  it("415 for a non-multipart body", async () => {
    const r = await submissionsRoute.POST(
      req("/api/v1/submissions", {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
        token: author.token,
      }),
      ctx({}),
    );
    expect(r.status).toBe(415);
    expect((await body(r)).error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("413 when Content-Length exceeds the limit, before reading the body", async () => {
    const r = await submissionsRoute.POST(
      req("/api/v1/submissions", {
        method: "POST",
        body: "x",
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(1e12) },
        token: author.token,
      }),
      ctx({}),
    );
    expect(r.status).toBe(413);
  });

  it("422 with file and JSON path for an invalid prediction file", async () => {
    const form = new FormData();
    form.set("methodName", "invalid");
    form.set("dyadic", fixtureBlob("errors/prediction_dyadic.json"), "prediction_dyadic.json");
    const r = await upload(author.token, form);
    expect(r.status).toBe(422);
    const b = await body(r);
    expect(b.error.code).toBe("VALIDATION_FAILED");
    expect(b.error.details).toContainEqual(expect.objectContaining({ path: "/predictions/0/system_answer" }));
  });

  it("422 naming the field for an invalid method card; 400 without files", async () => {
    const form = new FormData();
    form.set("dyadic", fixtureBlob("good/prediction_dyadic.json", `${stamp}-meta`), "prediction_dyadic.json");
    form.set("paperUrl", "javascript:alert(1)");
    const r = await upload(author.token, form);
    expect(r.status).toBe(422);
    const paths = (await body(r)).error.details.map((d: Json) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["methodName", "paperUrl"]));
    const empty = new FormData();
    empty.set("methodName", "no files");
    expect((await upload(author.token, empty)).status).toBe(400);
  });

  it("413 naming the file when one file is over UPLOAD_MAX_BYTES (the body itself is within the ceiling)", async () => {
    process.env.UPLOAD_MAX_BYTES = "4096";
    resetEnvCache();
    try {
      const form = new FormData();
      form.set("methodName", "too big");
      form.set("dyadic", fixtureBlob("good/prediction_dyadic.json", `${stamp}-big`), "prediction_dyadic.json");
      form.set("multiparty", new Blob(["{}"]), "prediction_multiparty.json");
      const r = await upload(author.token, form);
      expect(r.status).toBe(413);
      const err = (await body(r)).error;
      expect(err.code).toBe("PAYLOAD_TOO_LARGE");
      expect(err.details).toEqual([
        expect.objectContaining({
          file: "prediction_dyadic.json",
          message: expect.stringMatching(/the limit is 4096/),
        }),
      ]);
    } finally {
      delete process.env.UPLOAD_MAX_BYTES;
      resetEnvCache();
    }
  });
});

describe("API v1 thin slice", () => {
  it("accepts an upload with 202 and shows it only to its owner (and admins)", async () => {
    const form = new FormData();
    form.set("methodName", method);
    form.set("organization", "API Lab");
    form.set("modality", "text");
    form.set("dyadic", fixtureBlob("good/prediction_dyadic.json", stamp), "prediction_dyadic.json");
    form.set("multiparty", fixtureBlob("good/prediction_multiparty.json", stamp), "prediction_multiparty.json");
    const r = await upload(author.token, form);
    expect(r.status).toBe(202);
    const b = await body(r);
    expect(b).toMatchObject({ status: expect.any(String), warnings: expect.any(Array) });
    id = b.id;

    const own = await submissionRoute.GET(req(`/api/v1/submissions/${id}`, { token: author.token }), ctx({ id }));
    expect(own.status).toBe(200);
    expect(await body(own)).toMatchObject({
      id,
      methodName: method,
      final: false,
      review: { state: "PENDING" },
      scores: null,
    });
    expect(
      (await submissionRoute.GET(req(`/api/v1/submissions/${id}`, { token: other.token }), ctx({ id }))).status,
    ).toBe(404);
    expect(
      (await submissionRoute.GET(req(`/api/v1/submissions/${id}`, { token: admin.token }), ctx({ id }))).status,
    ).toBe(200);
    const list = await body(await submissionsRoute.GET(req("/api/v1/submissions", { token: author.token }), ctx({})));
    expect(list.submissions.map((s: Json) => s.id)).toContain(id);
  });

  it("also authenticates the browser's session cookie (Auth.js JWT)", async () => {
    process.env.AUTH_SECRET ??= "api-thin-slice-test-secret-0123456789";
    resetEnvCache();
    const salt = "authjs.session-token";
    const jwt = await encode({ token: { uid: author.id, role: "SUBMITTER" }, secret: process.env.AUTH_SECRET, salt });
    const r = await submissionsRoute.GET(
      req("/api/v1/submissions", { headers: { cookie: `${salt}=${jwt}` } }),
      ctx({}),
    );
    expect(r.status).toBe(200);
    expect((await body(r)).submissions.map((s: Json) => s.id)).toContain(id);
    const forged = await submissionsRoute.GET(
      req("/api/v1/submissions", { headers: { cookie: `${salt}=${jwt.slice(0, -4)}AAAA` } }),
      ctx({}),
    );
    expect(forged.status).toBe(401);
    const crossSite = await submissionsRoute.POST(
      req("/api/v1/submissions", {
        method: "POST",
        body: new FormData(),
        headers: { cookie: `${salt}=${jwt}`, origin: "https://evil.example", host: "api.test" },
      }),
      ctx({}),
    );
    expect(crossSite.status).toBe(403);
  });

  it("is scored by the pipeline and then reports scores to its owner", async () => {
    expect(await scoreSubmissionPipeline(id, logger.child({ test: "api-thin-slice" }))).toBe("scored");
    const b = await body(
      await submissionRoute.GET(req(`/api/v1/submissions/${id}`, { token: author.token }), ctx({ id })),
    );
    expect(b.status).toBe("SCORED");
    expect(b.final).toBe(true);
    const f1 = b.scores.find(
      (s: Json) => s.split === "overall" && s.scope === "ALL" && s.metric === "f1" && s.aggregate === "micro",
    );
    expect(f1.value).toBeGreaterThan(0);
    expect(f1.value).toBeLessThanOrEqual(1);
    expect(b.files).toHaveLength(2);
    expect(b.files[0].sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is not public before approval; only admins can review", async () => {
    const lb = await body(await leaderboardRoute.GET(req("/api/v1/leaderboard"), ctx({})));
    expect(lb.entries.map((e: Json) => e.id)).not.toContain(id);
    expect((await entryRoute.GET(req(`/api/v1/entries/${id}`), ctx({ id }))).status).toBe(404);
    expect((await approveRoute.POST(req(`/x`, { method: "POST", token: author.token }), ctx({ id }))).status).toBe(403);
    const queue = await body(
      await adminListRoute.GET(req("/api/v1/admin/submissions?review=pending", { token: admin.token }), ctx({})),
    );
    expect(queue.submissions.find((s: Json) => s.id === id)).toMatchObject({
      submitter: author.email,
      status: "SCORED",
    });
    const noReason = await rejectRoute.POST(
      req(`/x`, { method: "POST", body: JSON.stringify({ reason: "" }), token: admin.token }),
      ctx({ id }),
    );
    expect(noReason.status).toBe(422);
  });

  it("approval writes an audit event and puts the entry on the leaderboard (JSON, CSV, entry)", async () => {
    const r = await approveRoute.POST(req(`/x`, { method: "POST", token: admin.token }), ctx({ id }));
    expect(r.status).toBe(200);
    expect((await approveRoute.POST(req(`/x`, { method: "POST", token: admin.token }), ctx({ id }))).status).toBe(409);
    const events = await db.auditEvent.findMany({ where: { targetId: id } });
    expect(events.map((e) => [e.action, e.actorId])).toEqual([["submission.approve", admin.id]]);

    const lb = await body(
      await leaderboardRoute.GET(req("/api/v1/leaderboard?split=overall&metric=f1&aggregate=micro"), ctx({})),
    );
    const entry = lb.entries.find((e: Json) => e.id === id);
    expect(entry).toMatchObject({ methodName: method, organization: "API Lab", modality: "text", isBaseline: false });
    expect(entry.rank).toBeGreaterThanOrEqual(1);
    expect(entry.overall.value).toBeGreaterThan(0);
    expect(Object.keys(entry.categories).length).toBeGreaterThan(0);
    expect(lb.scorerVersion).toEqual(expect.any(String));

    const csv = await csvRoute.GET(req("/api/v1/leaderboard.csv"), ctx({}));
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(await csv.text()).toContain(method);
    const detail = await entryRoute.GET(req(`/api/v1/entries/${id}`), ctx({ id }));
    expect(detail.status).toBe(200);
    expect((await body(detail)).scores.length).toBeGreaterThan(0);
  });

  it("rejection needs a reason and is audited", async () => {
    const r = await rejectRoute.POST(
      req(`/x`, { method: "POST", body: JSON.stringify({ reason: "Taken down in test" }), token: admin.token }),
      ctx({ id }),
    );
    expect(r.status).toBe(200);
    const lb = await body(await leaderboardRoute.GET(req("/api/v1/leaderboard"), ctx({})));
    expect(lb.entries.map((e: Json) => e.id)).not.toContain(id);
    const reject = await db.auditEvent.findFirst({ where: { targetId: id, action: "submission.reject" } });
    // The entry was approved: taking it down leaves a public tombstone with the reason.
    expect(reject?.details).toEqual({ reason: "Taken down in test", public: true });
    expect((await entryRoute.GET(req(`/api/v1/entries/${id}`), ctx({ id }))).status).toBe(410);
  });
});
