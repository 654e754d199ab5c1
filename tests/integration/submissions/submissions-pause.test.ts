import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as submissionsRoute from "@/app/api/v1/submissions/route";
import * as pauseRoute from "@/app/api/v1/admin/submissions-pause/route";
import * as leaderboardRoute from "@/app/api/v1/leaderboard/route";
import { db } from "@/lib/server/db";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { ctx, fixtureBlob, req, userWithToken } from "../../support/api-helpers";

// Issue 51, point 6: an admin pauses submissions with a notice; every upload path answers 503 with
// the notice and Retry-After, reads keep working, both changes are audited, and resuming reopens.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
const stamp = `pause-${Date.now()}`;
const NOTICE = "Judge outage: uploads reopen after maintenance.";

beforeAll(async () => {
  author = await userWithToken("pause-author", "SUBMITTER");
  admin = await userWithToken("pause-admin", "ADMIN");
});
afterAll(async () => {
  await db.setting.deleteMany({ where: { key: "submissions_pause" } });
  await db.auditEvent.deleteMany({ where: { actorId: admin.id } });
  await db.user.deleteMany({ where: { id: { in: [author.id, admin.id] } } });
});

async function upload(tag: string): Promise<Response> {
  const form = new FormData();
  form.set("methodName", `pause ${stamp}`);
  form.set("dyadic", fixtureBlob("good/prediction_dyadic.json", `${stamp}-${tag}`), "prediction_dyadic.json");
  form.set(
    "multiparty",
    fixtureBlob("good/prediction_multiparty.json", `${stamp}-${tag}`),
    "prediction_multiparty.json",
  );
  return submissionsRoute.POST(
    req("/api/v1/submissions", { method: "POST", body: form, token: author.token }),
    ctx({}),
  );
}

const put = (token: string, body: unknown) =>
  pauseRoute.PUT(
    req("/api/v1/admin/submissions-pause", {
      method: "PUT",
      token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    ctx({}),
  );
const state = async () =>
  (await (await pauseRoute.GET(req("/api/v1/admin/submissions-pause"), ctx({}))).json()) as Json;

describe("submissions pause", () => {
  it("pausing needs the admin scope and a notice", async () => {
    expect((await put(author.token, { paused: true, notice: NOTICE })).status).toBe(403);
    const noNotice = await put(admin.token, { paused: true });
    expect(noNotice.status).toBe(422);
    expect(((await noNotice.json()) as Json).error.details[0].path).toBe("notice");
    expect((await put(admin.token, { paused: true, notice: "bad\u0007bell" })).status).toBe(422);
    expect(await state()).toMatchObject({ open: true, notice: null });
  });

  it("while paused, uploads by API and by any other path get 503 with the notice and Retry-After; reads work", async () => {
    const r = await put(admin.token, { paused: true, notice: NOTICE, retryAfterSeconds: 600 });
    expect(r.status).toBe(200);
    expect(await state()).toMatchObject({ open: false, notice: NOTICE, retryAfterSeconds: 600 });

    const refused = await upload("paused");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("600");
    const body = (await refused.json()) as Json;
    expect(body.error.code).toBe("UNAVAILABLE");
    expect(body.error.message).toContain(NOTICE);
    // The web form, the CLI and MCP `submit` all end in createSubmission: it refuses too.
    const bytes = new Uint8Array(await fixtureBlob("good/prediction_dyadic.json", `${stamp}-direct`).arrayBuffer());
    await expect(
      createSubmission({
        userId: author.id,
        files: { dyadic: { fileName: "prediction_dyadic.json", bytes } },
        meta: { methodName: "x" },
      }),
    ).rejects.toMatchObject({ code: "UNAVAILABLE", retryAfterSeconds: 600 });
    expect(await db.submission.count({ where: { userId: author.id } })).toBe(0);

    const board = await leaderboardRoute.GET(req("/api/v1/leaderboard"), ctx({}));
    expect(board.status).toBe(200);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { actorId: admin.id, action: "submissions.pause" } });
    expect(audit.details).toMatchObject({ notice: NOTICE, retryAfterSeconds: 600 });
  });

  it("resuming reopens uploads and is audited once", async () => {
    expect((await put(admin.token, { paused: false })).status).toBe(200);
    expect((await put(admin.token, { paused: false })).status).toBe(200);
    expect(await state()).toEqual({ open: true, notice: null, retryAfterSeconds: null, since: null });
    expect((await upload("open")).status).toBe(202);
    expect(await db.auditEvent.count({ where: { actorId: admin.id, action: "submissions.resume" } })).toBe(1);
  });
});
