import { decode, encode } from "next-auth/jwt";
import { afterAll, beforeAll, expect } from "vitest";
import { handlers } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { startFakeGitHub, type FakeGitHub, type FakeGitHubUser } from "./fake-github";

// The browser side of "Sign in with GitHub" against the real Auth.js handlers and the fake
// GitHub (GITHUB_URL = the fake, GitHub Enterprise layout). Call setupGitHubSignIn() at the top
// of a test file: it starts the fake, sets the env, and removes the users it made afterwards.

export const ORIGIN = "http://lb.test";
const COOKIE = "authjs.session-token";
const ENV_KEYS = ["GITHUB_ID", "GITHUB_SECRET", "GITHUB_URL", "GITHUB_API_URL", "AUTH_URL", "SIGNUP_MODE"] as const;

export type GitHubSignInResult = { location: string; session: Record<string, unknown> | null };

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

/**
 * Clicks "Sign in with GitHub", lets the fake authorize, and returns where the app sends the
 * browser. `sessionToken`: a session cookie the browser already holds (someone signed in).
 */
async function signInAs(gh: FakeGitHub, user: FakeGitHubUser, sessionToken?: string): Promise<GitHubSignInResult> {
  gh.user = user;
  const jar: Jar = new Map(sessionToken ? [[COOKIE, sessionToken]] : []);
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
  const session = jwt
    ? ((await decode({ token: jwt, secret: process.env.AUTH_SECRET!, salt: COOKIE })) as Record<string, unknown>)
    : null;
  return { location: done.headers.get("location") ?? "", session };
}

export function setupGitHubSignIn() {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  let gh: FakeGitHub | undefined;
  const fake = () => gh ?? expect.fail("fake GitHub not started");

  beforeAll(async () => {
    process.env.AUTH_SECRET ??= "auth-github-test-secret-0123456789";
    gh = await startFakeGitHub("fake-client-id", "fake-client-secret");
    Object.assign(process.env, {
      GITHUB_ID: "fake-client-id",
      GITHUB_SECRET: "fake-client-secret",
      GITHUB_URL: gh.url,
    });
    for (const k of ["AUTH_URL", "SIGNUP_MODE", "GITHUB_API_URL"]) delete process.env[k];
    resetEnvCache();
  });
  afterAll(async () => {
    await gh?.close();
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    resetEnvCache();
    await db.user.deleteMany({ where: { email: { endsWith: `${stamp}@github-test.local` } } });
  });

  /** An address unique to this test file (removed afterwards). */
  const address = (label: string) => `${label}-${stamp}@github-test.local`;
  const ghUser = (label: string, over: Partial<FakeGitHubUser> = {}): FakeGitHubUser => ({
    id: 9_000_000 + Math.floor(Math.random() * 1_000_000),
    login: `octo-${label}`,
    name: `Octo ${label}`,
    email: address(`gh-${label}`),
    emails: [{ email: address(`gh-${label}`), primary: true, verified: true }],
    ...over,
  });
  /** A session cookie for `userId` as Auth.js would mint it (sub, uid, sv). */
  const sessionFor = (userId: string, sv = 0) =>
    encode({
      token: { sub: userId, uid: userId, role: "SUBMITTER", sv },
      secret: process.env.AUTH_SECRET!,
      salt: COOKIE,
    });
  const signIn = (user: FakeGitHubUser, opts: { sessionToken?: string } = {}) =>
    signInAs(fake(), user, opts.sessionToken);
  return { fake, address, ghUser, signIn, sessionFor };
}
