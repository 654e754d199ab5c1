import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { createApiToken } from "@/lib/server/auth/api-tokens";
import { TOKEN_SCOPES, type TokenScope } from "@/lib/validation/api-token";
import { MATRIX, makeSubject, snapshot, type Case, type Role, type Subject } from "../../support/admin-matrix-cases";
import { ctx, req, userWithToken } from "../../support/api-helpers";

// Anonymous, a submitter (the owner of the subject), another submitter and an admin against
// every API route handler, by API token and by session cookie. Denied callers get 401/403/404,
// learn nothing about the subject from the error, and change nothing.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const API = path.join(ROOT, "app/api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
const ROLES: Role[] = ["anon", "owner", "other", "admin"];
const COOKIE = "authjs.session-token";
type Handler = (r: Request, c: { params: Promise<Record<string, unknown>> }) => Promise<Response>;

function walk(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(path.join(dir, d.name), name) : d.name === name ? [path.join(dir, d.name)] : [],
  );
}

async function discoverRoutes(): Promise<Map<string, Handler>> {
  const out = new Map<string, Handler>();
  for (const file of walk(API, "route.ts")) {
    const rel = path.relative(API, path.dirname(file)).split(path.sep).join("/");
    const mod = (await import(file)) as Record<string, unknown>;
    for (const m of METHODS) if (typeof mod[m] === "function") out.set(`${rel} ${m}`, mod[m] as Handler);
  }
  return out;
}

const users = {} as Record<Exclude<Role, "anon">, { id: string; email: string; token: string; cookie: string }>;
// The admin's tokens per scope: `only` that scope, and every scope `but` it.
const scoped = {} as Record<TokenScope, { only: string; but: string }>;
// Discovered at collection time so each matrix entry can tell whether its route exists.
const routes = await discoverRoutes();

beforeAll(async () => {
  process.env.AUTH_SECRET ??= "authz-matrix-test-secret-0123456789";
  resetEnvCache();
  for (const [role, dbRole] of [
    ["owner", "SUBMITTER"],
    ["other", "SUBMITTER"],
    ["admin", "ADMIN"],
  ] as const) {
    const u = await userWithToken(`authz-${role}`, dbRole);
    const jwt = await encode({ token: { uid: u.id, role: dbRole }, secret: process.env.AUTH_SECRET!, salt: COOKIE });
    users[role] = { ...u, cookie: `${COOKIE}=${jwt}` };
  }
  for (const scope of TOKEN_SCOPES) {
    const only = await createApiToken(users.admin.id, { name: `only ${scope}`, scopes: [scope] });
    const but = await createApiToken(users.admin.id, {
      name: `all but ${scope}`,
      scopes: TOKEN_SCOPES.filter((t) => t !== scope),
    });
    scoped[scope] = { only: only.token, but: but.token };
  }
});
afterAll(async () => {
  const ids = Object.values(users).map((u) => u.id);
  await db.user.deleteMany({ where: { OR: [{ id: { in: ids } }, { email: { startsWith: "authz-victim-" } }] } });
});

function paramsFor(key: string, url: string, s: Subject | null): Record<string, unknown> {
  if (key.startsWith("auth/")) return { nextauth: new URL(url, "http://api.test").pathname.split("/").slice(3) };
  if (key.startsWith("v1/admin/users/")) return { id: s?.victimId };
  // Extra dynamic segments (e.g. files/[split], [disputeId]) are taken from the case's URL.
  if (key.includes("[disputeId]")) {
    const parts = new URL(url, "http://api.test").pathname.split("/");
    return { id: s?.id, disputeId: parts[parts.indexOf("disputes") + 1] };
  }
  if (key.includes("/files/[split]"))
    return { id: s?.id, split: new URL(url, "http://api.test").pathname.split("/").pop() };
  return s ? { id: s.id } : {};
}

async function call(
  key: string,
  c: Case,
  role: Role,
  mode: "token" | "cookie",
  s: Subject | null,
  headers: Record<string, string> = {},
  token?: string,
) {
  const method = key.split(" ")[1]!;
  const url = c.url(s ?? { id: "none", ownerId: "none", victimId: "none" });
  const h = new Headers({ host: "api.test", ...headers });
  if (role !== "anon") {
    if (mode === "token") h.set("authorization", `Bearer ${token ?? users[role].token}`);
    else h.set("cookie", users[role].cookie);
  }
  let body: BodyInit | undefined;
  const raw = c.body?.(s ?? { id: "none", ownerId: "none", victimId: "none" });
  if (raw instanceof FormData) body = raw;
  else if (raw !== undefined) {
    body = JSON.stringify(raw);
    h.set("content-type", "application/json");
  } else if (method !== "GET") body = "";
  const res = await routes.get(key)!(
    req(url, { method, headers: h, body, redirect: "manual" }),
    ctx(paramsFor(key, url, s)),
  );
  return { status: res.status, text: await res.text() };
}

describe("authorization matrix", () => {
  it("has exactly one entry for every route handler under app/api", () => {
    const found = [...routes.keys()].sort();
    expect(
      found.filter((k) => !(k in MATRIX)),
      "routes without a matrix entry",
    ).toEqual([]);
    expect(found.length).toBeGreaterThan(15);
  });

  for (const [key, c] of Object.entries(MATRIX)) {
    for (const mode of ["token", "cookie"] as const) {
      // An entry whose route is not in this checkout (e.g. removed) is reported as skipped.
      it.skipIf(!routes.has(key))(`${key} (${mode})`, async () => {
        for (const role of ROLES) {
          const s = c.subject ? await makeSubject(users.owner.id, c.subject) : null;
          const before = s && c.write ? await snapshot(s) : null;
          const { status, text } = await call(
            key,
            c,
            role,
            mode,
            s,
            mode === "cookie" && key.split(" ")[1] !== "GET" ? { origin: "http://api.test" } : {},
          );
          expect(c.expect[role], `${role} got ${status}: ${text.slice(0, 200)}`).toContain(status);
          if (status >= 400 && role !== "admin" && s) {
            // No leak: the error names neither the subject nor its owner nor its private data.
            const row = await db.submission.findUniqueOrThrow({ where: { id: s.id }, include: { files: true } });
            for (const secret of [
              row.methodName,
              users.owner.email,
              "private failure detail",
              row.files[0]!.sha256,
              row.contentSha256,
            ])
              expect(text).not.toContain(secret);
          }
          if (before && status >= 400) expect(await snapshot(s!), `${role} changed state`).toBe(before);
        }
      });
    }
  }
});

describe("API token scopes", () => {
  it("every route that authenticates names the scope it needs", () => {
    const authed = Object.entries(MATRIX).filter(([k, c]) => k.startsWith("v1/") && c.expect.anon.includes(401));
    expect(authed.length).toBeGreaterThan(15);
    expect(authed.filter(([, c]) => !c.scope).map(([k]) => k)).toEqual([]);
  });

  // An administrator's token: without the route's scope it gets 403 and changes nothing (even
  // holding every other scope); with only that scope it gets what the administrator gets.
  for (const [key, c] of Object.entries(MATRIX).filter(([k, c]) => routes.has(k) && c.scope)) {
    it(`${key} needs \`${c.scope}\``, async () => {
      const s = c.subject ? await makeSubject(users.owner.id, c.subject) : null;
      const before = s && c.write ? await snapshot(s) : null;
      const denied = await call(key, c, "admin", "token", s, {}, scoped[c.scope!].but);
      expect(denied.status, denied.text.slice(0, 200)).toBe(403);
      expect(denied.text).toContain(`\`${c.scope}\` scope`);
      if (s)
        for (const secret of [
          (await db.submission.findUniqueOrThrow({ where: { id: s.id } })).methodName,
          users.owner.email,
        ])
          expect(denied.text).not.toContain(secret);
      if (before) expect(await snapshot(s!)).toBe(before);
      const s2 = c.subject ? await makeSubject(users.owner.id, c.subject) : null;
      const allowed = await call(key, c, "admin", "token", s2, {}, scoped[c.scope!].only);
      expect(c.expect.admin, allowed.text.slice(0, 200)).toContain(allowed.status);
    });
  }
});

describe("no existence oracle, no cross-account reads", () => {
  it("another submitter gets the same answer for a real id as for a made-up one", async () => {
    const s = await makeSubject(users.owner.id, { status: "FAILED", reviewState: "PENDING" });
    const ghost = { ...s, id: "c000000000000000000000000" };
    for (const key of ["v1/submissions/[id] GET", "v1/submissions/[id]/retry POST"]) {
      const real = await call(key, MATRIX[key]!, "other", "token", s);
      const fake = await call(key, MATRIX[key]!, "other", "token", ghost);
      expect(real).toEqual(fake);
      expect(real.status).toBe(404);
    }
  });

  it("lists only one's own submissions; the public board has no pending entries", async () => {
    const s = await makeSubject(users.owner.id, { status: "SCORED", reviewState: "PENDING" });
    const list = (role: Role) => call("v1/submissions GET", MATRIX["v1/submissions GET"]!, role, "token", null);
    expect((await list("owner")).text).toContain(s.id);
    expect((await list("other")).text).not.toContain(s.id);
    expect((await list("admin")).text).not.toContain(s.id); // an admin's own list is theirs; review is under /admin
    for (const key of ["v1/leaderboard GET", "v1/leaderboard.csv GET"])
      expect((await call(key, MATRIX[key]!, "anon", "token", null)).text).not.toContain(s.id);
  });
});

describe("CSRF: cookie-authenticated writes from another site are refused", () => {
  const writes = Object.entries(MATRIX).filter(
    ([k, c]) => routes.has(k) && (c.write || (k.startsWith("v1/") && !k.endsWith(" GET"))),
  );
  for (const [key, c] of writes) {
    it(key, async () => {
      const s = c.subject ? await makeSubject(users.owner.id, c.subject) : null;
      const before = s ? await snapshot(s) : null;
      const role: Role = key.includes("/admin/") ? "admin" : "owner";
      const r = await call(key, c, role, "cookie", s, { origin: "https://evil.example" });
      expect(r.status).toBe(403);
      if (s) expect(await snapshot(s)).toBe(before);
    });
  }
});

describe("server actions and admin pages check authorization on the server", () => {
  const files = walk(path.join(ROOT, "app"), "actions.ts");
  const exported = (src: string) =>
    [
      ...src.matchAll(
        /export async function (\w+)\([^)]*\)[^{]*\{\s*return action\(async \(\) => \{\s*const \w+ = await (\w+)\(\)/g,
      ),
    ].map((m) => [m[1], m[2]]);

  it("every exported action under app/admin starts with requireAdmin()", () => {
    const src = readFileSync(path.join(ROOT, "app/(site)/admin/actions.ts"), "utf8");
    const all = [...src.matchAll(/export async function (\w+)/g)].map((m) => m[1]);
    expect(all.length).toBeGreaterThan(3);
    expect(exported(src)).toEqual(all.map((n) => [n, "requireAdmin"]));
  });

  // Sign-in/out and sign-up are public by nature (rate-limited; tests/integration/auth/signup.test.ts).
  it("every other exported action (except sign-in/out, sign-up) starts with requireUser() or requireAdmin()", () => {
    for (const f of files.filter(
      (f) => !f.includes(`${path.sep}signin${path.sep}`) && !f.includes(`${path.sep}signup${path.sep}`),
    )) {
      const src = readFileSync(f, "utf8");
      const all = [...src.matchAll(/export async function (\w+)/g)].map((m) => m[1]);
      const guarded = exported(src)
        .filter(([, g]) => g === "requireUser" || g === "requireAdmin")
        .map(([n]) => n);
      expect(guarded, f).toEqual(all);
    }
  });

  it("every page under app/admin calls the admin page guard first", () => {
    const pages = walk(path.join(ROOT, "app/(site)/admin"), "page.tsx");
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const p of pages)
      expect(readFileSync(p, "utf8"), p).toMatch(
        /export default async function \w+\([^)]*\)[^{]*\{\s*(const \w+ = )?await adminPageGuard\(\);/,
      );
  });
});
