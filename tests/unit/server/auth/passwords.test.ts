import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { BCRYPT_ROUNDS, DUMMY_HASH, newUserSchema } from "../../../../lib/server/auth/users";
import { PASSWORD_MAX_BYTES, signupSchema } from "../../../../lib/validation/signup";

// One password rule for the web (sign-up) and the CLI (`h2hmem user create`), and bcrypt at cost 12.

const email = "someone@lab.example";
const cli = (password: string) => newUserSchema.safeParse({ email, password });
const web = (password: string) => signupSchema.safeParse({ email, password });

describe("the password rule", () => {
  it.each([
    ["short", "too-short", false],
    ["the email", email.toUpperCase(), false],
    ["72 ASCII bytes", "a".repeat(72), true],
    ["73 ASCII bytes (bcrypt would ignore the last)", "a".repeat(73), false],
    ["36 two-byte letters (72 bytes)", "é".repeat(36), true],
    ["37 two-byte letters (74 bytes, 37 characters)", "é".repeat(37), false],
    ["19 emoji (76 bytes)", "🔑".repeat(19), false],
    ["a good one", "correct horse battery staple", true],
  ])("%s: the web and the CLI agree", (_label, password, ok) => {
    expect(web(password).success).toBe(ok);
    expect(cli(password).success).toBe(ok);
  });

  it("names the byte limit", () => {
    const issue = web("a".repeat(PASSWORD_MAX_BYTES + 1)).error!.issues[0]!;
    expect(issue.path).toEqual(["password"]);
    expect(issue.message).toMatch(/at most 72 bytes/);
  });
});

describe("bcrypt", () => {
  it("hashes at cost 12, and the dummy hash for unknown accounts costs the same", () => {
    expect(BCRYPT_ROUNDS).toBe(12);
    expect(bcrypt.getRounds(DUMMY_HASH)).toBe(BCRYPT_ROUNDS);
  });
});
