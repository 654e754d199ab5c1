import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimitedSignin, verifyCredentials } from "@/lib/server/auth/config";
import { db } from "@/lib/server/db";

// Credentials sign-in: bcrypt check against User.passwordHash, and the per-(account, address),
// per-account and per-address limits (Redis-backed) that stop password guessing.

const email = `signin-${Date.now()}@api-test.local`;
const password = "correct horse battery staple";
let userId = "";
let ipSeq = 0;
const fromIp = () => new Headers({ "x-forwarded-for": `10.0.0.1, 203.0.113.${(ipSeq++ % 250) + 1}` });

beforeAll(async () => {
  const user = await db.user.create({
    data: { email, role: "SUBMITTER", passwordHash: await bcrypt.hash(password, 4) },
  });
  userId = user.id;
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: userId } });
});

describe("verifyCredentials", () => {
  it("accepts the right password (email case-insensitive) and returns id + role", async () => {
    await expect(verifyCredentials({ email: email.toUpperCase(), password }, fromIp())).resolves.toMatchObject({
      id: userId,
      email,
      role: "SUBMITTER",
    });
  });

  it("rejects a wrong password, an unknown email and malformed input", async () => {
    await expect(verifyCredentials({ email, password: "wrong" }, fromIp())).resolves.toBeNull();
    await expect(verifyCredentials({ email: `nobody-${Date.now()}@x.local`, password }, fromIp())).resolves.toBeNull();
    await expect(verifyCredentials({ email: "not-an-email", password }, fromIp())).resolves.toBeNull();
    await expect(verifyCredentials({ email }, fromIp())).resolves.toBeNull();
  });

  it("locks one (account, address) pair after 10 failures; the right password from another address still signs in", async () => {
    const attacker = fromIp();
    for (let i = 0; i < 10; i++)
      await expect(verifyCredentials({ email, password: `wrong-${i}` }, attacker)).resolves.toBeNull();
    await expect(verifyCredentials({ email, password: "wrong-again" }, attacker)).rejects.toBeInstanceOf(
      RateLimitedSignin,
    );
    // Locked pairs get no answer about the password, not even the right one.
    await expect(verifyCredentials({ email, password }, attacker)).rejects.toBeInstanceOf(RateLimitedSignin);
    await expect(verifyCredentials({ email, password }, fromIp())).resolves.toMatchObject({ id: userId });
  });

  it("a parallel burst against one pair gets at most 10 password checks (the limit is taken atomically)", async () => {
    const burst = fromIp();
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => verifyCredentials({ email, password: `burst-${i}` }, burst)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(
      results
        .filter((r) => r.status === "rejected")
        .every((r) => (r as PromiseRejectedResult).reason instanceof RateLimitedSignin),
    ).toBe(true);
  });

  it("locks the account for every address at the per-account ceiling (guessing spread over addresses)", async () => {
    const spread = `spread-${Date.now()}@api-test.local`;
    const user = await db.user.create({
      data: { email: spread, role: "SUBMITTER", passwordHash: await bcrypt.hash(password, 4) },
    });
    try {
      // 100 failures from 20 addresses, 5 each: no pair reaches its limit of 10.
      for (let i = 0; i < 100; i++) {
        await expect(
          verifyCredentials(
            { email: spread, password: `wrong-${i}` },
            new Headers({ "x-forwarded-for": `198.51.100.${i % 20}` }),
          ),
        ).resolves.toBeNull();
      }
      await expect(verifyCredentials({ email: spread, password }, fromIp())).rejects.toBeInstanceOf(RateLimitedSignin);
    } finally {
      await db.user.delete({ where: { id: user.id } });
    }
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
  }, 300_000); // 61 bcrypt comparisons at cost 12
});
