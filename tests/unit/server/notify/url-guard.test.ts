import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/server/env";
import { isPrivateAddress, resolvePublicAddresses } from "@/lib/server/notify/url-guard";

// Issue 31: prefixes that embed or route to internal IPv4 space, and deprecated site-local, are not public.
describe("isPrivateAddress", () => {
  it.each(["2002:a00:1::1", "64:ff9b:1::a00:1", "2001:0:4136:e378::1", "fec0::1", "::1", "10.0.0.1", "fd00::1"])(
    "refuses %s",
    (a) => {
      expect(isPrivateAddress(a)).toBe(true);
    },
  );
  it.each(["2001:db9::1", "2606:4700::1111", "1.1.1.1", "64:ff9b:2::1"])("allows %s", (a) => {
    expect(isPrivateAddress(a)).toBe(false);
  });
});

// Issue 47 (the lows): "does not resolve" and "not public" are one answer, so the guard tells an account
// nothing about which internal names exist.
describe("resolvePublicAddresses", () => {
  const saved = { ...process.env };
  beforeAll(() => {
    process.env = { ...saved, DATABASE_URL: "postgresql://u@localhost/db", WEBHOOK_ALLOW_PRIVATE: "false" };
    resetEnvCache();
  });
  afterAll(() => {
    process.env = saved;
    resetEnvCache();
  });
  const refusal = (host: string) =>
    resolvePublicAddresses(host).then(
      () => null,
      (e: { message: string; details: unknown }) => ({ message: e.message.replace(host, "HOST"), details: e.details }),
    );

  it("answers a name that does not resolve as it answers a private address", async () => {
    const unresolved = await refusal("no-such-host.invalid");
    expect(unresolved).not.toBeNull();
    expect(await refusal("10.0.0.1")).toEqual({
      ...unresolved,
      details: [{ ...(unresolved!.details as object[])[0], params: { host: "10.0.0.1" } }],
    });
  });
});
