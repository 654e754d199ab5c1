import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlers } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { contentSecurityPolicy, proxy } from "@/proxy";
import { GET as authGet } from "@/app/api/auth/[...nextauth]/route";
import { NextRequest } from "next/server";

// Session cookie attributes from a real credentials sign-in through the Auth.js handlers, and
// the security headers the proxy puts on every page.

const email = `cookie-${Date.now()}@api-test.local`;
const password = "cookie test password";
let userId = "";

beforeAll(async () => {
  process.env.AUTH_SECRET ??= "admin-security-test-secret-0123456789";
  resetEnvCache();
  userId = (await db.user.create({ data: { email, passwordHash: await bcrypt.hash(password, 4) } })).id;
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: userId } });
});

const cookiesOf = (res: Response) => res.headers.getSetCookie();

async function signIn(origin: string): Promise<string[]> {
  const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  const csrf = await handlers.GET(
    new Request(`${origin}/api/auth/csrf`, { headers: { "x-forwarded-for": ip } }) as never,
  );
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf)
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await handlers.POST(
    new Request(`${origin}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar, "x-forwarded-for": ip, origin },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: "/" }),
      redirect: "manual",
    }) as never,
  );
  expect(res.status).toBe(302);
  return cookiesOf(res);
}

describe("session cookie", () => {
  it("over https: __Secure- prefix, Secure, HttpOnly, SameSite=Lax", async () => {
    const session = (await signIn("https://lb.example")).find((c) => c.startsWith("__Secure-authjs.session-token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
  });

  it("over plain http (local dev): HttpOnly and SameSite, not Secure", async () => {
    const session = (await signIn("http://localhost:3000")).find((c) => c.startsWith("authjs.session-token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);
  });

  it("a credentials POST without Auth.js's CSRF token sets no session", async () => {
    const res = await handlers.POST(
      new Request("https://lb.example/api/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.251" },
        body: new URLSearchParams({ email, password }),
        redirect: "manual",
      }) as never,
    );
    expect(cookiesOf(res).some((c) => c.includes("session-token=") && !c.includes("session-token=;"))).toBe(false);
  });
});

describe("security headers on pages", () => {
  // Issue 47: Auth.js's sign-out confirmation is outside the proxy; it is not framed either.
  it("the sign-out page cannot be framed", async () => {
    const res = await authGet(new NextRequest("https://lb.example/api/auth/signout"));
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/sign ?out/i);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("CSP with frame-ancestors 'none', no plugins, no eval in production; referrer policy; no framing", async () => {
    const h = (await proxy(new NextRequest("http://localhost/about"))).headers;
    const csp = h.get("content-security-policy")!;
    for (const d of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"])
      expect(csp).toContain(d);
    expect(h.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(h.get("x-frame-options")).toBe("DENY");
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(contentSecurityPolicy(false, "n")).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy(true, "n")).toContain("unsafe-eval");
  });

  it("scripts only with a fresh per-request nonce, handed to Next's render on the request; no 'unsafe-inline' for scripts", async () => {
    const nonceOf = (csp: string) => /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    const a = await proxy(new NextRequest("http://localhost/submit"));
    const b = await proxy(new NextRequest("http://localhost/submit"));
    const csp = a.headers.get("content-security-policy")!;
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = nonceOf(csp)!;
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(nonceOf(b.headers.get("content-security-policy")!)).not.toBe(nonce);
    // NextResponse.next({ request: { headers } }): what the page render sees (Next puts the
    // nonce of the request's CSP on its scripts; the root layout reads x-nonce).
    expect(a.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
  });
});
