// While UPLOAD_MAX_CONCURRENT_PER_PROCESS maximum-size uploads are validated, the web process keeps
// answering: validation runs on the request path, and UPLOAD_MAX_BYTES keeps each one short.
// Real HTTP: every API route behind one loopback server in this process, as `next start` would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import { env } from "@/lib/server/env";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { ctx, req, userWithToken } from "../../support/api-helpers";

/**
 * A prediction file of about `bytes` bytes that is valid except for its last item's category:
 * every item is decoded and validated (the expensive path) and the upload is refused with 422.
 */
function nearLimitFile(bytes: number, seed: string): Blob {
  const answer = "a".repeat(900);
  const items: string[] = [];
  let size = 20;
  for (let i = 0; size < bytes - 2000; i++) {
    const s = JSON.stringify({
      question_text: `health ${seed} question ${i}?`,
      question_image: "",
      system_answer: answer,
      original_answer: "b",
      category: "Unimodal Precise Recall",
    });
    items.push(s);
    size += s.length + 1;
  }
  items.push(
    JSON.stringify({
      question_text: "last?",
      question_image: "",
      system_answer: "c",
      original_answer: "d",
      category: "Not a category",
    }),
  );
  return new Blob([`{"predictions":[${items.join(",")}]}`], { type: "application/json" });
}

type HealthSample = { ms: number; status: number | "timeout"; duringUploads: boolean };

let server: RouteServer;
beforeAll(async () => {
  server = await startRouteServer();
  // Not measured: the first call loads the route and opens the database pool. Called directly,
  // so no idle keep-alive connection is left for the server to close under a later request.
  expect((await health.GET(req("/api/health"), ctx({}))).status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

describe("/api/health during an upload attack", () => {
  it("answers within 2 s, also while maximum-size uploads are validated", async () => {
    // One per account, as many as one process admits at once (the default, 4).
    const uploadsAtOnce = env.UPLOAD_MAX_CONCURRENT_PER_PROCESS;
    const fileBytes = env.UPLOAD_MAX_BYTES - 4096;
    const users = await Promise.all(
      Array.from({ length: uploadsAtOnce }, (_, i) => userWithToken(`health-upload-${i}`, "SUBMITTER")),
    );
    // Encoded before the clock starts: the clients share this process with the server, and
    // encoding the multipart bodies is the client's work, not the server's.
    const bodies = await Promise.all(
      users.map(async (_, i) => {
        const form = new FormData();
        form.set("methodName", "near-limit upload");
        form.set("dyadic", nearLimitFile(fileBytes, `d${i}`), "prediction_dyadic.json");
        form.set("multiparty", nearLimitFile(fileBytes, `m${i}`), "prediction_multiparty.json");
        const encoded = new Request("http://encode.test", { method: "POST", body: form });
        return { type: encoded.headers.get("content-type")!, bytes: new Uint8Array(await encoded.arrayBuffer()) };
      }),
    );

    let pending = users.length;
    const uploads = Promise.all(
      users.map(async (u, i) => {
        const headers = { authorization: `Bearer ${u.token}`, "content-type": bodies[i]!.type };
        const res = await fetch(`${server.url}/api/v1/submissions`, {
          method: "POST",
          headers,
          body: bodies[i]!.bytes,
        });
        const body = (await res.json()) as { error?: { code: string; details?: Array<{ code?: string }> } };
        pending--;
        return { status: res.status, body };
      }),
    );

    const samples: HealthSample[] = [];
    while (pending > 0) {
      const t0 = performance.now();
      let status: HealthSample["status"];
      try {
        const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = "timeout";
      }
      samples.push({ ms: performance.now() - t0, status, duringUploads: pending > 0 });
      await new Promise((r) => setTimeout(r, 100));
    }

    const results = await uploads;
    // The uploads were read and validated in full: refused for the one bad category in each file.
    for (const r of results) {
      expect(r.status).toBe(422);
      expect(r.body.error?.details?.map((d) => d.code)).toContain("UNKNOWN_CATEGORY");
    }
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.filter((s) => s.status !== 200 || s.ms >= 2000)).toEqual([]);
    // Health answered while uploads were still being read or validated.
    expect(samples.filter((s) => s.duringUploads).length).toBeGreaterThan(0);
  });
});
