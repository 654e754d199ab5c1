// Every JSON route reads its body through one bounded reader: 1 MB gets 413 and is never parsed,
// whether Content-Length announces it or the body streams without one.
import { describe, expect, it } from "vitest";
import * as rejectRoute from "@/app/api/v1/admin/submissions/[id]/reject/route";
import * as retryRoute from "@/app/api/v1/submissions/[id]/retry/route";
import { ctx, req, userWithToken } from "../../support/api-helpers";

type Route = { POST: (r: Request, c: { params: Promise<{ id: string }> }) => Promise<Response> };
const MB = 1024 * 1024;
// Valid JSON for each route: a reader that parsed it would go on to "submission not found" (404).
const bodies = { retry: `{"stage":"lexical","pad":"${"a".repeat(MB)}"}`, reject: `{"reason":"${"a".repeat(MB)}"}` };

/** The body as a stream without Content-Length, 16 KiB per pull; counts what the handler pulled. */
function streamed(text: string): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (offset >= bytes.byteLength) return c.close();
        c.enqueue(bytes.subarray(offset, offset + 16 * 1024));
        offset += 16 * 1024;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => offset };
}

describe("bounded JSON bodies", () => {
  const cases: Array<[string, Route, keyof typeof bodies, "SUBMITTER" | "ADMIN"]> = [
    ["/api/v1/submissions/{id}/retry", retryRoute, "retry", "SUBMITTER"],
    ["/api/v1/admin/submissions/{id}/reject", rejectRoute, "reject", "ADMIN"],
  ];
  for (const [path, route, body, role] of cases) {
    it(`${path}: 1 MB with Content-Length is 413 before a byte is read`, async () => {
      const user = await userWithToken(`json-limit-${body}`, role);
      const s = streamed(bodies[body]);
      const headers = {
        "content-type": "application/json",
        "content-length": String(new TextEncoder().encode(bodies[body]).byteLength),
      };
      const res = await route.POST(
        req("/x", { method: "POST", token: user.token, headers, body: s.body, duplex: "half" } as RequestInit & {
          token: string;
        }),
        ctx({ id: "missing" }),
      );
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
      expect(s.pulled()).toBe(0);
    });

    it(`${path}: 1 MB streamed without Content-Length is 413 after at most the limit`, async () => {
      const user = await userWithToken(`json-limit-stream-${body}`, role);
      const s = streamed(bodies[body]);
      const res = await route.POST(
        req("/x", {
          method: "POST",
          token: user.token,
          headers: { "content-type": "application/json" },
          body: s.body,
          duplex: "half",
        } as RequestInit & { token: string }),
        ctx({ id: "missing" }),
      );
      expect(res.status).toBe(413);
      expect(s.pulled()).toBeLessThanOrEqual(64 * 1024 + 16 * 1024);
    });
  }

  it("a small body still reaches the route", async () => {
    const user = await userWithToken("json-limit-small", "SUBMITTER");
    const res = await retryRoute.POST(
      req("/x", { method: "POST", token: user.token, body: JSON.stringify({ stage: "lexical" }) }),
      ctx({ id: "missing" }),
    );
    expect(res.status).toBe(404);
  });
});
