// While several near-limit uploads are being validated, the web process keeps answering:
// decoding, JSON.parse, validation and matching run in the upload validation threads
// (lib/server/submissions/validation-pool.ts), not on the event loop that serves /api/health.
// Real HTTP: every API route behind one loopback server in this process, as `next start` would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import { validationPool } from "@/lib/server/submissions/validation-pool";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { ctx, req, userWithToken } from "../../support/api-helpers";
import { setEnv } from "../../support/pipeline-helpers";

const THREADS = 2;
const UPLOADS = 3; // one per account: more than the threads, within UPLOAD_MAX_CONCURRENT_PER_PROCESS (4)
const FILE_BYTES = 18 * 2 ** 20; // UPLOAD_MAX_BYTES is 20 MiB

/**
 * A prediction file of about `bytes` bytes that is valid except for its last item's category:
 * every item is decoded and validated (the expensive path) and the upload is refused with 422.
 */
function nearLimitFile(bytes: number, seed: string): Blob {
  const answer = "a".repeat(900);
  const items: string[] = [];
  let size = 20;
  for (let i = 0; size < bytes - 2000; i++) {
    const s = JSON.stringify({ question_text: `health ${seed} question ${i}?`, question_image: "", system_answer: answer, original_answer: "b", category: "Unimodal Precise Recall" });
    items.push(s);
    size += s.length + 1;
  }
  items.push(JSON.stringify({ question_text: "last?", question_image: "", system_answer: "c", original_answer: "d", category: "Not a category" }));
  return new Blob([`{"predictions":[${items.join(",")}]}`], { type: "application/json" });
}

type HealthSample = { ms: number; status: number | "timeout"; duringValidation: boolean };

let server: RouteServer;
beforeAll(async () => {
  await setEnv({ UPLOAD_VALIDATION_THREADS: String(THREADS) });
  server = await startRouteServer();
  // Not measured: the first call loads the route and opens the database pool. Called directly,
  // so no idle keep-alive connection is left for the server to close under a later request.
  expect((await health.GET(req("/api/health"), ctx({}))).status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await setEnv({ UPLOAD_VALIDATION_THREADS: undefined });
});

describe("/api/health during an upload attack", () => {
  it("answers within 2 s, and while validations are running, as several near-limit uploads are validated", async () => {
    const users = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => userWithToken(`health-upload-${i}`, "SUBMITTER")));
    // Encoded before the clock starts: the clients share this process with the server, and
    // encoding 36 MiB of multipart is the client's work, not the server's.
    const bodies = await Promise.all(
      users.map(async (_, i) => {
        const form = new FormData();
        form.set("methodName", "near-limit upload");
        form.set("dyadic", nearLimitFile(FILE_BYTES, `d${i}`), "prediction_dyadic.json");
        form.set("multiparty", nearLimitFile(FILE_BYTES, `m${i}`), "prediction_multiparty.json");
        const encoded = new Request("http://encode.test", { method: "POST", body: form });
        return { type: encoded.headers.get("content-type")!, bytes: new Uint8Array(await encoded.arrayBuffer()) };
      }),
    );

    let uploadsDone = false;
    const uploads = Promise.all(
      users.map(async (u, i) => {
        const headers = { authorization: `Bearer ${u.token}`, "content-type": bodies[i]!.type };
        const res = await fetch(`${server.url}/api/v1/submissions`, { method: "POST", headers, body: bodies[i]!.bytes });
        return { status: res.status, body: (await res.json()) as { error?: { code: string; details?: Array<{ code?: string }> } } };
      }),
    ).finally(() => (uploadsDone = true));

    const samples: HealthSample[] = [];
    const pool = validationPool();
    while (!uploadsDone) {
      const busyBefore = pool.stats().busy > 0;
      const t0 = performance.now();
      let status: HealthSample["status"];
      try {
        const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = "timeout";
      }
      samples.push({ ms: performance.now() - t0, status, duringValidation: busyBefore && pool.stats().busy > 0 });
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
    // Health answered while a validation was in progress both before the request and after the
    // answer: the event loop was not held for the whole validation.
    expect(samples.filter((s) => s.duringValidation).length).toBeGreaterThan(0);
    // The pool has its configured size: the third upload waited for a thread instead of a fourth.
    expect(pool.stats()).toEqual({ threads: THREADS, busy: 0, queued: 0 });
  });
});
