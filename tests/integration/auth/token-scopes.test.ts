import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminList from "@/app/api/v1/admin/submissions/route";
import * as auditRoute from "@/app/api/v1/admin/audit/route";
import * as submissionsRoute from "@/app/api/v1/submissions/route";
import * as publishRoute from "@/app/api/v1/submissions/[id]/public-predictions/route";
import * as webhooksRoute from "@/app/api/v1/webhooks/route";
import { createApiToken, listApiTokens, revokeAllApiTokens } from "@/lib/server/auth/api-tokens";
import { reauthenticate } from "@/lib/server/auth/reauthenticate";
import { db } from "@/lib/server/db";
import { ctx, fixtureBlob, req, userWithToken } from "../../support/api-helpers";
import { setEnv } from "../../support/pipeline-helpers";

// Scoped, expiring API tokens: a token does only what its scopes allow, stops at its expiry,
// and the admin scope exists only for administrators. Creating one in the browser asks for the
// password again (reauthenticate).

type User = Awaited<ReturnType<typeof userWithToken>>;
const stamp = `scopes-${Date.now()}`;
const users: User[] = [];
let admin: User;
let submitter: User;
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: string; message?: string }) => e,
  );
const get = (route: { GET: (r: Request, c: never) => Promise<Response> }, url: string, token: string) =>
  route.GET(req(url, { token }), ctx({}) as never);

beforeAll(async () => {
  admin = await userWithToken("scopes-admin", "ADMIN", ["submit"]);
  submitter = await userWithToken("scopes-submitter", "SUBMITTER", ["read"]);
  users.push(admin, submitter);
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users.map((u) => u.id) } } });
});

describe("token scopes", () => {
  it("a submit-scoped token (even an administrator's) gets 403 on the admin API and can submit", async () => {
    for (const [route, url] of [
      [adminList, "/api/v1/admin/submissions"],
      [auditRoute, "/api/v1/admin/audit"],
    ] as const) {
      const r = await get(route, url, admin.token);
      expect(r.status).toBe(403);
      expect(await r.json()).toMatchObject({
        error: { code: "FORBIDDEN", message: expect.stringContaining("`admin` scope") },
      });
    }
    const form = new FormData();
    form.set("methodName", `Scoped ${stamp}`);
    form.set("dyadic", fixtureBlob("good/prediction_dyadic.json", stamp), "prediction_dyadic.json");
    form.set("multiparty", fixtureBlob("good/prediction_multiparty.json", stamp), "prediction_multiparty.json");
    const up = await submissionsRoute.POST(
      req("/api/v1/submissions", { method: "POST", body: form, token: admin.token }),
      ctx({}),
    );
    expect(up.status).toBe(202);
    // Reading needs the read scope.
    expect((await get(submissionsRoute, "/api/v1/submissions", admin.token)).status).toBe(403);
  });

  it("a read-scoped token can list but not submit", async () => {
    expect((await get(submissionsRoute, "/api/v1/submissions", submitter.token)).status).toBe(200);
    const up = await submissionsRoute.POST(
      req("/api/v1/submissions", { method: "POST", body: new FormData(), token: submitter.token }),
      ctx({}),
    );
    expect(up.status).toBe(403);
  });

  it("an expired token gets 401", async () => {
    const { token, info } = await createApiToken(submitter.id, {
      name: "short-lived",
      scopes: ["read"],
      expiresDays: 1,
    });
    expect(info.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    expect((await get(submissionsRoute, "/api/v1/submissions", token)).status).toBe(200);
    await db.apiToken.update({ where: { id: info.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const r = await get(submissionsRoute, "/api/v1/submissions", token);
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({
      error: { code: "UNAUTHORIZED", message: expect.stringContaining("expired") },
    });
  });

  it("the admin scope only for administrators; scopes and expiry are validated", async () => {
    expect(await errorOf(createApiToken(submitter.id, { name: "x", scopes: ["admin"] }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await errorOf(createApiToken(submitter.id, { name: "x", scopes: [] }))).toMatchObject({
      code: "VALIDATION_FAILED",
    });
    expect(await errorOf(createApiToken(submitter.id, { name: "x", scopes: ["write"] }))).toMatchObject({
      code: "VALIDATION_FAILED",
    });
    expect(await errorOf(createApiToken(submitter.id, { name: "x", scopes: ["read"], expiresDays: 0 }))).toMatchObject({
      code: "VALIDATION_FAILED",
    });
    expect(await errorOf(createApiToken(submitter.id, { name: "x" }))).toMatchObject({ code: "VALIDATION_FAILED" });
    const { info } = await createApiToken(admin.id, { name: "ops", scopes: ["admin", "read", "read"] });
    expect(info.scopes).toEqual(["read", "admin"]);
    // 90 days unless chosen otherwise; "until revoked" only when asked for (expiresDays: null).
    expect((info.expiresAt!.getTime() - info.createdAt.getTime()) / (24 * 3600 * 1000)).toBeCloseTo(90, 3);
    const forever = await createApiToken(admin.id, { name: "ops2", scopes: ["read"], expiresDays: null });
    expect(forever.info.expiresAt).toBeNull();
  });

  it("webhooks and publish are scopes of their own: a submit-only token gets 403 for both", async () => {
    const u = await userWithToken("scopes-split", "SUBMITTER", ["submit", "read"]);
    users.push(u);
    const form = (pub: boolean) => {
      const f = new FormData();
      f.set("methodName", `Split ${stamp}`);
      f.set("dyadic", fixtureBlob("good/prediction_dyadic.json", `${stamp}-${pub}`), "prediction_dyadic.json");
      f.set(
        "multiparty",
        fixtureBlob("good/prediction_multiparty.json", `${stamp}-${pub}`),
        "prediction_multiparty.json",
      );
      if (pub) f.set("publicPredictions", "true");
      return f;
    };
    const upload = (token: string, pub: boolean) =>
      submissionsRoute.POST(req("/api/v1/submissions", { method: "POST", body: form(pub), token }), ctx({}));
    const hook = (token: string) =>
      webhooksRoute.POST(
        req("/api/v1/webhooks", {
          method: "POST",
          token,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ url: "http://127.0.0.1:9/h2hmem", events: ["submission.scored"] }),
        }),
        ctx({}),
      );
    const publish = (token: string, id: string) =>
      publishRoute.POST(req(`/api/v1/submissions/${id}/public-predictions`, { method: "POST", token }), ctx({ id }));
    const scopeError = async (r: Response, scope: string) => {
      expect(r.status).toBe(403);
      expect(await r.json()).toMatchObject({
        error: { code: "FORBIDDEN", message: expect.stringContaining(`\`${scope}\``) },
      });
    };

    await scopeError(await hook(u.token), "webhooks");
    await scopeError(await upload(u.token, true), "publish");
    const up = await upload(u.token, false);
    expect(up.status).toBe(202);
    const { id } = (await up.json()) as { id: string };
    await scopeError(await publish(u.token, id), "publish");
    expect(await db.submission.findUniqueOrThrow({ where: { id } })).toMatchObject({ publicPredictions: false });
    expect(await db.webhookEndpoint.count({ where: { userId: u.id } })).toBe(0);

    // With the scope ticked, the same calls go through (a loopback endpoint, allowed for the test).
    const wide = await createApiToken(u.id, { name: "wide", scopes: ["submit", "webhooks", "publish"] });
    await setEnv({ WEBHOOK_ALLOW_PRIVATE: "true" });
    try {
      expect((await hook(wide.token)).status).toBe(201);
    } finally {
      await setEnv({ WEBHOOK_ALLOW_PRIVATE: undefined });
    }
    expect((await publish(wide.token, id)).status).toBe(200);
    expect(await db.submission.findUniqueOrThrow({ where: { id } })).toMatchObject({ publicPredictions: true });
  });

  it("revoking all tokens ('sign out everywhere' with the box ticked) stops every one, with an audit row each", async () => {
    const u = await userWithToken("scopes-revoke-all", "SUBMITTER");
    users.push(u);
    await createApiToken(u.id, { name: "second", scopes: ["submit"] });
    expect(await revokeAllApiTokens(u.id)).toBe(2);
    expect((await listApiTokens(u.id)).every((t) => t.revokedAt)).toBe(true);
    expect((await get(submissionsRoute, "/api/v1/submissions", u.token)).status).toBe(401);
    const ids = (await listApiTokens(u.id)).map((t) => t.id);
    expect(await db.auditEvent.count({ where: { action: "token.revoke", targetId: { in: ids } } })).toBe(2);
    expect(await revokeAllApiTokens(u.id)).toBe(0);
  });
});

describe("reauthenticate (password re-entry before creating a token in the browser)", () => {
  const ip = (n: number) => new Headers({ "x-forwarded-for": `192.0.2.${n}` });

  it("accepts the right password, refuses a wrong one, and counts failures against the sign-in limit", async () => {
    const email = `reauth-${stamp}@api-test.local`;
    const u = await db.user.create({
      data: { email, role: "SUBMITTER", passwordHash: await bcrypt.hash("the right password", 4) },
    });
    users.push({ id: u.id, email, token: "" });
    await expect(reauthenticate(u.id, "the right password", null, ip(1))).resolves.toBeUndefined();
    for (let i = 0; i < 10; i++)
      expect(await errorOf(reauthenticate(u.id, `wrong ${i}`, null, ip(2)))).toMatchObject({
        code: "VALIDATION_FAILED",
      });
    expect(await errorOf(reauthenticate(u.id, "the right password", null, ip(2)))).toMatchObject({
      code: "RATE_LIMITED",
    });
    await expect(reauthenticate(u.id, "the right password", null, ip(3))).resolves.toBeUndefined();
  });

  it("an account without a password (GitHub) needs a sign-in from the last 10 minutes", async () => {
    const u = await db.user.create({ data: { email: `reauth-gh-${stamp}@api-test.local`, role: "SUBMITTER" } });
    users.push({ id: u.id, email: u.email, token: "" });
    const now = Math.floor(Date.now() / 1000);
    await expect(reauthenticate(u.id, "", now - 60, ip(4))).resolves.toBeUndefined();
    expect(await errorOf(reauthenticate(u.id, "", now - 11 * 60, ip(4)))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorOf(reauthenticate(u.id, "", null, ip(4)))).toMatchObject({ code: "FORBIDDEN" });
  });
});
