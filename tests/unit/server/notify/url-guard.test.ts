import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "@/lib/server/notify/url-guard";

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
