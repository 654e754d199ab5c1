import bcrypt from "bcryptjs";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { handlers } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";

// Behind a TLS-terminating load balancer the app sees plain http; with an https AUTH_URL the
// session cookie must still be __Secure- prefixed and Secure (next-auth rewrites the request
// origin to AUTH_URL, which needs a NextRequest, as `next start` provides).

const email = `proxy-cookie-${Date.now()}@api-test.local`;
const password = "proxy cookie password";
const savedUrl = process.env.AUTH_URL;
let userId = "";

beforeAll(async () => {
  process.env.AUTH_SECRET ??= "auth-cookie-proxy-test-secret-0123456789";
  process.env.AUTH_URL = "https://lb.example";
  resetEnvCache();
  userId = (await db.user.create({ data: { email, passwordHash: await bcrypt.hash(password, 4) } })).id;
});
afterAll(async () => {
  if (savedUrl === undefined) delete process.env.AUTH_URL;
  else process.env.AUTH_URL = savedUrl;
  resetEnvCache();
  await db.user.deleteMany({ where: { id: userId } });
});

it("request over http, AUTH_URL https: the session cookie is __Secure-, Secure, HttpOnly, SameSite=Lax", async () => {
  const inside = "http://10.0.0.5:3000";
  const headers = { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
  const csrf = await handlers.GET(new NextRequest(`${inside}/api/auth/csrf`, { headers }));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(jar).toContain("__Host-authjs.csrf-token=");
  const res = await handlers.POST(
    new NextRequest(`${inside}/api/auth/callback/credentials`, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/x-www-form-urlencoded",
        cookie: jar,
        origin: "https://lb.example",
      },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: "/" }),
    }),
  );
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("https://lb.example/");
  const session = res.headers.getSetCookie().find((c) => c.startsWith("__Secure-authjs.session-token="));
  expect(session).toBeDefined();
  for (const attr of [/;\s*Secure/i, /;\s*HttpOnly/i, /;\s*SameSite=Lax/i]) expect(session).toMatch(attr);
});
