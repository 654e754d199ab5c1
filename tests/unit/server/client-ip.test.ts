import { describe, expect, it } from "vitest";
import { clientIp } from "../../../lib/server/rate-limit";

const h = (xff?: string, real?: string) => {
  const headers = new Headers();
  if (xff !== undefined) headers.set("x-forwarded-for", xff);
  if (real !== undefined) headers.set("x-real-ip", real);
  return headers;
};

describe("clientIp", () => {
  it("takes the entry our proxy appended, not what the client sent", () => {
    // nginx $proxy_add_x_forwarded_for: "<client-supplied>, <real client>"
    expect(clientIp(h("6.6.6.6, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientIp(h("203.0.113.7"), 1)).toBe("203.0.113.7");
  });

  it("counts hops from the right for a chain of proxies", () => {
    // CDN appends the client, nginx appends the CDN edge.
    expect(clientIp(h("6.6.6.6, 203.0.113.7, 198.51.100.1"), 2)).toBe("203.0.113.7");
    // Fewer entries than hops: the leftmost one is the best we have.
    expect(clientIp(h("203.0.113.7"), 3)).toBe("203.0.113.7");
  });

  it("ignores empty entries and falls back to X-Real-IP, then a shared key", () => {
    expect(clientIp(h(" , 203.0.113.7 ,"), 1)).toBe("203.0.113.7");
    expect(clientIp(h(undefined, "192.0.2.9"), 1)).toBe("192.0.2.9");
    expect(clientIp(h(), 1)).toBe("unknown");
  });
});
