import { describe, expect, it } from "vitest";
import { fieldErrors, signupSchema } from "../../../lib/validation/signup";

describe("signupSchema (browser and server)", () => {
  it("lower-cases and trims the email; accepts a 10-character password", () => {
    expect(signupSchema.parse({ email: "  Ada@Example.ORG ", password: "0123456789" })).toEqual({
      email: "ada@example.org",
      password: "0123456789",
    });
  });

  it.each([
    [{ email: "ada@example.org", password: "012345678" }, "password", "at least 10"],
    [{ email: "ada@example.org", password: "ADA@example.org" }, "password", "must not be your email"],
    [{ email: "ada@example.org", password: " ada@example.org " }, "password", "must not be your email"],
    [{ email: "ada", password: "a long password" }, "email", "valid email"],
    [{ email: "ada@example.org", password: "x".repeat(73) }, "password", "at most 72 bytes"],
  ])("rejects %j at %s", (input, field, message) => {
    const r = signupSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)[field]).toContain(message);
  });
});
