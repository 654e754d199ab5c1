import { describe, expect, it } from "vitest";
import { requestIdFrom, routePattern } from "../../../../lib/server/metrics/http";

describe("routePattern", () => {
  it("puts dynamic params back as [name], so ids never become label values", () => {
    expect(routePattern("/api/v1/submissions/ck123", { id: "ck123" })).toBe("/api/v1/submissions/[id]");
    expect(routePattern("/api/v1/submissions/ck123/files/dyadic", { id: "ck123", split: "dyadic" })).toBe(
      "/api/v1/submissions/[id]/files/[split]",
    );
    expect(routePattern("/api/v1/admin/users/u%201/role", { id: "u 1" })).toBe("/api/v1/admin/users/[id]/role");
  });

  it("handles catch-all params and static routes", () => {
    expect(routePattern("/api/auth/callback/github", { nextauth: ["callback", "github"] })).toBe(
      "/api/auth/[...nextauth]",
    );
    expect(routePattern("/api/v1/leaderboard", {})).toBe("/api/v1/leaderboard");
    expect(routePattern("/api/health", undefined)).toBe("/api/health");
  });

  it("does not replace a static segment that comes before the param's own segment", () => {
    expect(routePattern("/api/v1/submissions/submissions", { id: "submissions" })).toBe("/api/v1/submissions/[id]");
  });
});

describe("requestIdFrom", () => {
  const h = (v?: string) => new Headers(v === undefined ? {} : { "x-request-id": v });
  it("keeps a sane incoming id", () => {
    expect(requestIdFrom(h("abc-123_X.y:z"))).toBe("abc-123_X.y:z");
  });
  it("replaces a missing, oversized or unsafe id with a fresh UUID", () => {
    for (const bad of [
      undefined,
      "",
      "has space",
      "a".repeat(129),
      "<script>",
      "-leading-dash",
      "tab\tinside",
      'quote"d',
    ]) {
      const id = requestIdFrom(h(bad));
      expect(id, String(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(requestIdFrom(h())).not.toBe(requestIdFrom(h()));
  });
});
