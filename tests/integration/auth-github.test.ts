import bcrypt from "bcryptjs";
import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlers } from "@/lib/server/auth";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { startFakeGitHub, type FakeGitHub, type FakeGitHubUser } from "../support/fake-github";

// GitHub OAuth end to end without the internet: the real Auth.js handlers (GitHub provider
// with GITHUB_URL = a GitHub Enterprise-style fake on loopback, Prisma adapter on the real
// database). Proves account creation and reuse, and that a GitHub login whose email matches
// an existing password account is refused instead of taking it over.

const ORIGIN = "http://lb.test";
const COOKIE = "authjs.session-token";
const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const ENV_KEYS = ["GITHUB_ID", "GITHUB_SECRET", "GITHUB_URL", "AUTH_URL", "SIGNUP_MODE"] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
let gh: FakeGitHub;
const ghId = () => 9_000_000 + Math.floor(Math.random() * 1_000_000);

type Jar = Map<string, string>;
function absorb(jar: Jar, res: Response): void {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const i = pair!.indexOf("=");
    const name = pair!.slice(0, i);
    const value = pair!.slice(i + 1);
    if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name);
    else jar.set(name, value);
  }
}
const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
const ip = () => `192.0.2.${Math.floor(Math.random() * 250) + 1}`;

/** Clicks "Sign in with GitHub", lets the fake authorize, and returns where the app sends the browser. */
async function gitHubSignIn(user: FakeGitHubUser): Promise<{ location: string; session: Record<string, unknown> | null }> {
  gh.user = user;
  const jar: Jar = new Map();
  const headers = () => ({ cookie: cookieHeader(jar), "x-forwarded-for": ip() });
  const csrfRes = await handlers.GET(new Request(`${ORIGIN}/api/auth/csrf`, { headers: headers() }) as never);
  absorb(jar, csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const start = await handlers.POST(
    new Request(`${ORIGIN}/api/auth/signin/github`, {
      method: "POST",
      headers: { ...headers(), "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${ORIGIN}/submit` }),
    }) as never,
  );
  absorb(jar, start);
  const authorize = start.headers.get("location")!;
  expect(authorize.startsWith(`${gh.url}/login/oauth/authorize?`), authorize).toBe(true);
  const back = await fetch(authorize, { redirect: "manual" });
  expect(back.status).toBe(302);
  const callback = back.headers.get("location")!;
  expect(callback.startsWith(`${ORIGIN}/api/auth/callback/github?`)).toBe(true);
  const done = await handlers.GET(new Request(callback, { headers: headers() }) as never);
  absorb(jar, done);
  const jwt = jar.get(COOKIE);
  const session = jwt ? ((await decode({ token: jwt, secret: process.env.AUTH_SECRET!, salt: COOKIE })) as Record<string, unknown>) : null;
  return { location: done.headers.get("location") ?? "", session };
}

const ghUser = (label: string, over: Partial<FakeGitHubUser> = {}): FakeGitHubUser => ({
  id: ghId(),
  login: `octo-${label}`,
  name: `Octo ${label}`,
  email: `gh-${label}-${stamp}@github-test.local`,
  emails: [{ email: `gh-${label}-${stamp}@github-test.local`, primary: true, verified: true }],
  ...over,
});

beforeAll(async () => {
  process.env.AUTH_SECRET ??= "auth-github-test-secret-0123456789";
  gh = await startFakeGitHub("fake-client-id", "fake-client-secret");
  Object.assign(process.env, { GITHUB_ID: "fake-client-id", GITHUB_SECRET: "fake-client-secret", GITHUB_URL: gh.url });
  delete process.env.AUTH_URL;
  delete process.env.SIGNUP_MODE;
  resetEnvCache();
});
afterAll(async () => {
  await gh.close();
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
  await db.user.deleteMany({ where: { email: { endsWith: `${stamp}@github-test.local` } } });
});

describe("GitHub sign-in (GITHUB_URL = fake GitHub Enterprise on loopback)", () => {
  it("creates a SUBMITTER linked to the GitHub id; a second sign-in reuses it", async () => {
    // No public email: the provider asks /user/emails and takes the primary one.
    const octo = ghUser("new", { email: null, emails: [{ email: `other-${stamp}@github-test.local`, primary: false, verified: true }, { email: `gh-new-${stamp}@github-test.local`, primary: true, verified: true }] });
    const first = await gitHubSignIn(octo);
    expect(first.location).toBe(`${ORIGIN}/submit`);
    expect(gh.log).toEqual(expect.arrayContaining(["POST /login/oauth/access_token", "GET /api/v3/user", "GET /api/v3/user/emails"]));
    const user = await db.user.findUniqueOrThrow({ where: { email: `gh-new-${stamp}@github-test.local` }, include: { accounts: true } });
    expect(user.role).toBe("SUBMITTER");
    expect(user.passwordHash).toBeNull();
    expect(user.accounts).toEqual([expect.objectContaining({ provider: "github", providerAccountId: String(octo.id) })]);
    expect(first.session).toMatchObject({ uid: user.id, role: "SUBMITTER", sv: 0 });

    const second = await gitHubSignIn({ ...octo, name: "Renamed" });
    expect(second.session).toMatchObject({ uid: user.id });
    expect(await db.user.count({ where: { email: { endsWith: `${stamp}@github-test.local` }, accounts: { some: { providerAccountId: String(octo.id) } } } })).toBe(1);
    expect(await db.account.count({ where: { userId: user.id } })).toBe(1);
  });

  it("does not take over an existing password account with the same (verified) email", async () => {
    const email = `gh-taken-${stamp}@github-test.local`;
    const owner = await db.user.create({ data: { email, passwordHash: await bcrypt.hash("owner's password", 4), emailVerified: new Date() } });
    const res = await gitHubSignIn(ghUser("taken", { email, emails: [{ email, primary: true, verified: true }] }));
    expect(res.session).toBeNull();
    expect(new URL(res.location).pathname).toBe("/signin");
    expect(new URL(res.location).searchParams.get("error")).toBe("OAuthAccountNotLinked");
    expect(await db.account.count({ where: { userId: owner.id } })).toBe(0);
    expect(await db.user.count({ where: { email } })).toBe(1);
    const after = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(after.passwordHash).toBe(owner.passwordHash);
  });

  it("SIGNUP_MODE=closed: a new GitHub login is refused (no account made); a linked one still signs in", async () => {
    const linked = ghUser("linked");
    const first = await gitHubSignIn(linked);
    expect(first.session).not.toBeNull();
    process.env.SIGNUP_MODE = "closed";
    resetEnvCache();
    try {
      const stranger = ghUser("stranger");
      const refused = await gitHubSignIn(stranger);
      expect(refused.session).toBeNull();
      expect(new URL(refused.location).searchParams.get("error")).toBe("AccessDenied");
      expect(await db.user.count({ where: { email: stranger.email! } })).toBe(0);
      const again = await gitHubSignIn(linked);
      expect(again.session).toMatchObject({ uid: first.session!.uid });
    } finally {
      delete process.env.SIGNUP_MODE;
      resetEnvCache();
    }
  });
});
