// Issue 47 (the lows): the seed (published demo passwords) refuses a database with other accounts
// unless asked, and production unless --demo; each refusal names the flag that overrides it.
import { describe, expect, it } from "vitest";
import { seedRefusal } from "@/prisma/seed-guard";

describe("seedRefusal", () => {
  it("lets a fresh or demo-only development database be seeded", () => {
    expect(seedRefusal({ production: false, otherUsers: 0, args: [] })).toBeNull();
  });
  it("refuses other accounts without --existing-users", () => {
    expect(seedRefusal({ production: false, otherUsers: 3, args: [] })).toMatch(/3 account\(s\).*--existing-users/);
    expect(seedRefusal({ production: false, otherUsers: 3, args: ["--existing-users"] })).toBeNull();
  });
  it("refuses production without --demo, whatever else is asked", () => {
    expect(seedRefusal({ production: true, otherUsers: 0, args: ["--existing-users"] })).toMatch(
      /NODE_ENV=production.*--demo/,
    );
    expect(seedRefusal({ production: true, otherUsers: 0, args: ["--demo"] })).toBeNull();
    expect(seedRefusal({ production: true, otherUsers: 1, args: ["--demo"] })).toMatch(/--existing-users/);
  });
});
