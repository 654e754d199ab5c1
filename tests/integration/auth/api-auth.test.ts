import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimitedSignin, verifyCredentials } from "@/lib/server/auth/config";
import { db } from "@/lib/server/db";

// Credentials sign-in: bcrypt check against User.passwordHash, and the per-account and per-IP
// limits (Redis-backed) that stop password guessing.

const email = `signin-${Date.now()}@api-test.local`;
const password = "correct horse battery staple";
let userId = "";
let ipSeq = 0;
const fromIp = () => new Headers({ "x-forwarded-for": `10.0.0.1, 203.0.113.${(ipSeq++ % 250) + 1}` });

beforeAll(async () => {
  const user = await db.user.create({ data: { email, role: "SUBMITTER", passwordHash: await bcrypt.hash(password, 4) } });
  userId = user.id;
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: userId } });
});

describe("verifyCredentials", () => {
  it("accepts the right password (email case-insensitive) and returns id + role", async () => {
    await expect(verifyCredentials({ email: email.toUpperCase(), password }, fromIp())).resolves.toMatchObject({ id: userId, email, role: "SUBMITTER" });
  });

  it("rejects a wrong password, an unknown email and malformed input", async () => {
    await expect(verifyCredentials({ email, password: "wrong" }, fromIp())).resolves.toBeNull();
    await expect(verifyCredentials({ email: `nobody-${Date.now()}@x.local`, password }, fromIp())).resolves.toBeNull();
    await expect(verifyCredentials({ email: "not-an-email", password }, fromIp())).resolves.toBeNull();
    await expect(verifyCredentials({ email }, fromIp())).resolves.toBeNull();
  });

  it("locks the account after repeated failures, even for the right password from a new address", async () => {
    // Earlier failures for this email count too; keep failing until the limiter answers.
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      try {
        await verifyCredentials({ email, password: `wrong-${i}` }, fromIp());
      } catch (e) {
        expect(e).toBeInstanceOf(RateLimitedSignin);
        limited = true;
      }
    }
    expect(limited).toBe(true);
    await expect(verifyCredentials({ email, password }, fromIp())).rejects.toBeInstanceOf(RateLimitedSignin);
  });

  it("limits attempts per client address", async () => {
    // A fresh address per run: the limit window outlives a test run.
    const ip = new Headers({ "x-forwarded-for": `2001:db8::${Date.now().toString(16)}` });
    const other = `ip-limit-${Date.now()}@x.local`;
    let limitedAt = -1;
    for (let i = 0; i < 70 && limitedAt < 0; i++) {
      await verifyCredentials({ email: `${i}-${other}`, password: "x" }, ip).catch((e: unknown) => {
        expect(e).toBeInstanceOf(RateLimitedSignin);
        limitedAt = i;
      });
    }
    expect(limitedAt).toBe(60);
  });
});
