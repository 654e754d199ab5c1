import { describe, expect, it } from "vitest";
import { resolveCallbackPath, signedUpPath } from "../../../../lib/server/auth/callback-url";

const own = "https://lb.example";
// How a browser on the sign-in page follows the Location header we send.
const landsOn = (location: string) => new URL(location, `${own}/signin`).origin;

describe("resolveCallbackPath", () => {
  // Each of these passes a `startsWith("/") && !startsWith("//")` check (the check this replaced),
  // yet a browser resolves it to another origin.
  it.each(["/\\evil.example", "/\\/evil.example", "/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example"])(
    "refuses %j",
    (raw) => {
      expect(raw.startsWith("/") && !raw.startsWith("//")).toBe(true);
      expect(landsOn(raw)).not.toBe(own);
      expect(resolveCallbackPath(raw, own)).toBe("/");
      expect(resolveCallbackPath(raw, null)).toBe("/");
    },
  );

  // Same origin as written, but the normalized path starts with "//": sent back as a Location it
  // would be protocol-relative.
  it.each(["/.//evil.example", "/./\\evil.example", "/../\\evil.example", "/%2e//evil.example"])(
    "refuses %j",
    (raw) => {
      expect(new URL(raw, own).pathname.startsWith("//")).toBe(true);
      expect(resolveCallbackPath(raw, own)).toBe("/");
    },
  );

  it.each([
    "//evil.example",
    "https://evil.example/submit",
    "javascript:alert(1)",
    "data:text/html,hi",
    "https://user:pw@lb.example/submit",
    "http://lb.example/submit",
    "",
  ])("refuses %j", (raw) => {
    expect(resolveCallbackPath(raw, own)).toBe("/");
  });

  it("refuses values that are not strings", () => {
    expect(resolveCallbackPath(undefined, own)).toBe("/");
    expect(resolveCallbackPath(["/submit"], own)).toBe("/");
  });

  it.each([
    ["/submit", "/submit"],
    ["/submissions/abc?tab=files#top", "/submissions/abc?tab=files#top"],
    ["/settings/tokens", "/settings/tokens"],
    ["submit", "/submit"],
    ["https://lb.example/submit?x=1", "/submit?x=1"],
  ])("keeps %j on the own origin as %j", (raw, path) => {
    const out = resolveCallbackPath(raw, own);
    expect(out).toBe(path);
    expect(landsOn(out)).toBe(own);
  });

  it("accepts an absolute URL only for the own origin", () => {
    expect(resolveCallbackPath("https://lb.example/submit", null)).toBe("/");
    expect(resolveCallbackPath("https://lb.example/submit", own)).toBe("/submit");
  });
});

describe("signedUpPath (issue 45, point 4)", () => {
  it("open-mode sign-up lands on sign-in with the address filled in, then the Submit page", () => {
    const url = new URL(signedUpPath(" ada@example.org "), "http://x");
    expect(url.pathname).toBe("/signin");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      callbackUrl: "/submit",
      email: "ada@example.org",
      signedUp: "1",
    });
    expect(resolveCallbackPath(url.searchParams.get("callbackUrl"), null)).toBe("/submit");
  });
});
