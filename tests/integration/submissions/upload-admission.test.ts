// Uploads are admitted before their body is read: the quota, a per-account in-flight limit shared
// through Redis (with a TTL, so a crashed holder cannot lock an account) and a per-process cap.
import { afterEach, describe, expect, it } from "vitest";
import { POST as upload } from "@/app/api/v1/submissions/route";
import { db } from "@/lib/server/db";
import { acquireUploadSlot } from "@/lib/server/submissions/upload-slots";
import { fixtureBlob, req, userWithToken } from "../../support/api-helpers";
import { setEnv } from "../../support/pipeline-helpers";
import { serveRoute, slowUpload } from "../../support/route-server";

afterEach(async () => {
  await setEnv({
    DAILY_SUBMISSION_QUOTA: undefined,
    UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT: undefined,
    UPLOAD_MAX_CONCURRENT_PER_PROCESS: undefined,
    UPLOAD_SLOT_TTL_MS: undefined,
  });
});

const multipartType = "multipart/form-data; boundary=x";

/** An upload whose body is held open: `started` says whether the handler began reading it. */
function heldUpload(token: string): { request: Request; started: () => boolean; finish: () => void } {
  let started = false;
  let finish = () => undefined as void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(c) {
        started = true;
        await gate;
        c.enqueue(new TextEncoder().encode("--x--\r\n"));
        c.close();
      },
    },
    { highWaterMark: 0 },
  ); // pulled only when the handler reads
  const request = req("/api/v1/submissions", {
    method: "POST",
    token,
    headers: { "content-type": multipartType },
    body,
    duplex: "half",
  } as RequestInit & { token: string });
  return { request, started: () => started, finish };
}

describe("upload admission", () => {
  it("answers 429 to an account at its quota while the client is still sending, having read nothing", async () => {
    await setEnv({ DAILY_SUBMISSION_QUOTA: "1" });
    const user = await userWithToken("at-quota", "SUBMITTER");
    const form = new FormData();
    form.set("methodName", "quota filler");
    form.set("dyadic", fixtureBlob("good/prediction_dyadic.json", `quota-${Date.now()}`), "prediction_dyadic.json");
    form.set("multiparty", fixtureBlob("good/prediction_multiparty.json"), "prediction_multiparty.json");
    expect(
      (
        await upload(req("/api/v1/submissions", { method: "POST", token: user.token, body: form }), {
          params: Promise.resolve({}),
        })
      ).status,
    ).toBe(202);

    const server = await serveRoute(upload);
    try {
      // 8 MiB in 128 chunks, 30 ms apart: about 4 s of sending if nobody answered.
      const res = await slowUpload(
        `${server.url}/api/v1/submissions`,
        { authorization: `Bearer ${user.token}`, "content-type": multipartType },
        { chunks: 128, chunkBytes: 64 * 1024, everyMs: 30 },
      );
      expect(res.status).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: "RATE_LIMITED" } });
      expect(res.finishedSending).toBe(false);
      expect(res.sentBeforeResponse).toBeLessThan(64);
      expect(server.bytesRead()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("reads at most UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT uploads of one account at once; the rest get 429 with Retry-After", async () => {
    await setEnv({ UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT: "2" });
    const user = await userWithToken("in-flight", "SUBMITTER");
    const uploads = Array.from({ length: 5 }, () => heldUpload(user.token));
    const pending = uploads.map((u) => upload(u.request, { params: Promise.resolve({}) }));
    // The three refused answer while the two admitted ones are still open.
    const refused = await Promise.all(
      pending.map((p) => Promise.race([p, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000))])),
    );
    const answered = refused.filter((r): r is Response => r !== null);
    expect(answered).toHaveLength(3);
    for (const r of answered) {
      expect(r.status).toBe(429);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(uploads.filter((u) => u.started())).toHaveLength(2);

    for (const u of uploads) u.finish();
    const done = await Promise.all(pending);
    expect(done.filter((r) => r.status === 429)).toHaveLength(3);
    // Released when they finished: the account may upload again.
    const again = heldUpload(user.token);
    const next = upload(again.request, { params: Promise.resolve({}) });
    await expect.poll(() => again.started()).toBe(true);
    again.finish();
    expect((await next).status).not.toBe(429);
    expect(await db.submission.count({ where: { userId: user.id } })).toBe(0);
  });

  it("a slot that is never released expires after UPLOAD_SLOT_TTL_MS", async () => {
    await setEnv({ UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT: "1", UPLOAD_SLOT_TTL_MS: "1000" });
    const user = await userWithToken("crashed-holder", "SUBMITTER");
    const crashed = await acquireUploadSlot(user.id); // the holder "crashes": no release in Redis
    await expect(acquireUploadSlot(user.id)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await new Promise((r) => setTimeout(r, 1100));
    const slot = await acquireUploadSlot(user.id);
    await slot.release();
    await crashed.release(); // this process's count of uploads being read
  });

  it("caps the uploads one process reads at once (503 with Retry-After), across accounts", async () => {
    await setEnv({ UPLOAD_MAX_CONCURRENT_PER_PROCESS: "1" });
    const [a, b] = await Promise.all([
      userWithToken("process-a", "SUBMITTER"),
      userWithToken("process-b", "SUBMITTER"),
    ]);
    const first = heldUpload(a.token);
    const pending = upload(first.request, { params: Promise.resolve({}) });
    await expect.poll(() => first.started()).toBe(true);
    const second = heldUpload(b.token);
    const busy = await upload(second.request, { params: Promise.resolve({}) });
    expect(busy.status).toBe(503);
    expect(Number(busy.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(second.started()).toBe(false);
    first.finish();
    await pending;
  });
});
