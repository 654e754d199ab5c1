import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlers } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { startFakeHuggingFace, type FakeHuggingFace } from "../../support/fake-huggingface";

// "Sign in with Hugging Face" end to end over real HTTP: the real Auth.js handlers and database,
// and a real OpenID Connect provider on loopback (oidc-provider) as HF_ISSUER: discovery,
// authorize with PKCE and state, the login form, token, userinfo. Proves account creation by
// verified email and reuse by `sub`, refusal without a verified email, no takeover of an
// existing account with the same address, and that the button is off without HF_CLIENT_ID.

const ORIGIN = "http://lb.test";
const COOKIE = "authjs.session-token";
const ENV_KEYS = ["HF_CLIENT_ID", "HF_CLIENT_SECRET", "HF_ISSUER", "AUTH_URL", "SIGNUP_MODE"] as const;
const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const address = (label: string) => `${label}-${stamp}@hf-test.local`;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
let hf: FakeHuggingFace;

type Jar = Map<string, string>;
function absorb(jar: Jar, res: Response): void {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const i = pair!.indexOf("=");
    const value = pair!.slice(i + 1);
    if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(pair!.slice(0, i));
    else jar.set(pair!.slice(0, i), value);
  }
}
const cookies = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Clicks "Sign in with Hugging Face", types `login` on the provider's page, and follows the redirects back. */
async function signIn(login: string): Promise<{ location: string; session: Record<string, unknown> | null }> {
  const app: Jar = new Map();
  const idp: Jar = new Map();
  const h = () => ({ cookie: cookies(app), "x-forwarded-for": "192.0.2.77" });
  const csrf = await handlers.GET(new Request(`${ORIGIN}/api/auth/csrf`, { headers: h() }) as never);
  absorb(app, csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const start = await handlers.POST(
    new Request(`${ORIGIN}/api/auth/signin/huggingface`, {
      method: "POST",
      headers: { ...h(), "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${ORIGIN}/submit` }),
    }) as never,
  );
  absorb(app, start);
  let next = start.headers.get("location")!;
  expect(next.startsWith(`${hf.url}/auth?`), next).toBe(true);
  expect(new URL(next).searchParams.get("code_challenge_method")).toBe("S256");
  // The provider's side in a browser: its own cookies, its login form, its redirects.
  for (let hop = 0; hop < 10 && next.startsWith(hf.url); hop++) {
    const isForm = /\/interaction\/[\w-]+$/.test(new URL(next).pathname);
    const res = await fetch(
      isForm ? `${next}/login` : next,
      isForm
        ? {
            method: "POST",
            redirect: "manual",
            headers: { cookie: cookies(idp), "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ login }),
          }
        : { redirect: "manual", headers: { cookie: cookies(idp) } },
    );
    absorb(idp, res);
    expect([302, 303], `${res.status} at ${next}: ${await res.clone().text()}`).toContain(res.status);
    next = new URL(res.headers.get("location")!, next).href;
  }
  expect(next.startsWith(`${ORIGIN}/api/auth/callback/huggingface?`), next).toBe(true);
  const done = await handlers.GET(new Request(next, { headers: h() }) as never);
  absorb(app, done);
  const jwt = app.get(COOKIE);
  const session = jwt
    ? ((await decode({ token: jwt, secret: process.env.AUTH_SECRET!, salt: COOKIE })) as never)
    : null;
  return { location: done.headers.get("location") ?? "", session };
}

beforeAll(async () => {
  process.env.AUTH_SECRET ??= "auth-hf-test-secret-0123456789abcdef";
  hf = await startFakeHuggingFace({
    clientId: "hf-client",
    clientSecret: "hf-secret",
    redirectUris: [`${ORIGIN}/api/auth/callback/huggingface`],
  });
  Object.assign(process.env, { HF_CLIENT_ID: "hf-client", HF_CLIENT_SECRET: "hf-secret", HF_ISSUER: hf.url });
  for (const k of ["AUTH_URL", "SIGNUP_MODE"]) delete process.env[k];
  resetEnvCache();
});
afterAll(async () => {
  await hf?.close();
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
  await db.user.deleteMany({ where: { email: { endsWith: `${stamp}@hf-test.local` } } });
});

describe("Hugging Face sign-in (HF_ISSUER = oidc-provider on loopback)", () => {
  it("creates a verified SUBMITTER linked to the HF subject over the full code flow; a second sign-in reuses it", async () => {
    const email = address("new");
    hf.accounts.set("hf-new", { email, email_verified: true, name: "HF New", preferred_username: "hf-new" });
    const first = await signIn("hf-new");
    expect(first.location).toBe(`${ORIGIN}/submit`);
    // Discovery, token and userinfo went over HTTP to the provider.
    expect(hf.log).toEqual(expect.arrayContaining(["GET /.well-known/openid-configuration", "POST /token", "GET /me"]));
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { accounts: true } });
    expect(user).toMatchObject({ role: "SUBMITTER", passwordHash: null, name: "HF New" });
    expect(user.emailVerified).toBeInstanceOf(Date);
    expect(user.accounts).toEqual([expect.objectContaining({ provider: "huggingface", providerAccountId: "hf-new" })]);
    // No provider token kept.
    expect(user.accounts[0]).toMatchObject({ access_token: null, refresh_token: null, id_token: null });
    expect(first.session).toMatchObject({ uid: user.id, role: "SUBMITTER" });

    // The subject finds the account, whatever the address is now.
    hf.accounts.set("hf-new", { email: address("changed"), email_verified: true, name: "x", preferred_username: "x" });
    const second = await signIn("hf-new");
    expect(second.session).toMatchObject({ uid: user.id });
    expect(await db.account.count({ where: { provider: "huggingface", providerAccountId: "hf-new" } })).toBe(1);
  });

  it("refuses an account whose email Hugging Face has not verified; nothing is created", async () => {
    const email = address("unverified");
    hf.accounts.set("hf-unv", { email, email_verified: false, name: "U", preferred_username: "hf-unv" });
    const res = await signIn("hf-unv");
    expect(res.location).toBe(`${ORIGIN}/signin?error=HuggingFaceNoVerifiedEmail`);
    expect(res.session).toBeNull();
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect(await db.account.count({ where: { provider: "huggingface", providerAccountId: "hf-unv" } })).toBe(0);
  });

  it("refuses an already linked login whose email is no longer verified; the account stays", async () => {
    const email = address("was-verified");
    hf.accounts.set("hf-was", { email, email_verified: true, name: "W", preferred_username: "hf-was" });
    expect((await signIn("hf-was")).session).not.toBeNull();
    hf.accounts.set("hf-was", { email, email_verified: false, name: "W", preferred_username: "hf-was" });
    const again = await signIn("hf-was");
    expect(again.location).toBe(`${ORIGIN}/signin?error=HuggingFaceNoVerifiedEmail`);
    expect(again.session).toBeNull();
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it("does not take over an existing password account with the same verified email", async () => {
    const email = address("taken");
    const owner = await db.user.create({ data: { email, passwordHash: "x", role: "SUBMITTER" } });
    hf.accounts.set("hf-taken", { email, email_verified: true, name: "T", preferred_username: "hf-taken" });
    const res = await signIn("hf-taken");
    expect(res.location).toBe(`${ORIGIN}/signin?error=OAuthAccountNotLinked`);
    expect(res.session).toBeNull();
    expect(await db.account.count({ where: { userId: owner.id } })).toBe(0);
  });

  it("is off without HF_CLIENT_ID: the provider is unknown", async () => {
    delete process.env.HF_CLIENT_ID;
    resetEnvCache();
    try {
      const res = await handlers.GET(new Request(`${ORIGIN}/api/auth/providers`) as never);
      expect(Object.keys((await res.json()) as object)).not.toContain("huggingface");
    } finally {
      process.env.HF_CLIENT_ID = "hf-client";
      resetEnvCache();
    }
  });
});
