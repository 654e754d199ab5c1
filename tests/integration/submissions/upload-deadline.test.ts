// Issue 31: a body that trickles in cannot hold an upload slot for long. Over real HTTP, a client
// sending a few bytes at a time gets 408 REQUEST_TIMEOUT once UPLOAD_BODY_TIMEOUT_MS has passed,
// while it is still sending. Issue 47: the account's slot is then held for a back-off that doubles
// with each timeout (others are admitted at once), so re-opening slow uploads cannot starve anyone.
import { afterEach, describe, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/v1/submissions/route";
import { fixtureBlob, req, userWithToken } from "../../support/api-helpers";
import { setEnv } from "../../support/pipeline-helpers";
import { serveRoute, slowUpload } from "../../support/route-server";

afterEach(async () => {
  await setEnv({ UPLOAD_BODY_TIMEOUT_MS: undefined, UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT: undefined });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// 64 bytes every 100 ms for 60 s if nobody answered: far below any real upload's pace.
const trickle = (url: string, token: string) =>
  slowUpload(
    `${url}/api/v1/submissions`,
    { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=x" },
    { chunks: 600, chunkBytes: 64, everyMs: 100 },
  );
function upload(token: string, name: string): Promise<Response> {
  const form = new FormData();
  form.set("methodName", name);
  form.set("dyadic", fixtureBlob("good/prediction_dyadic.json", `${name}-${Date.now()}`), "prediction_dyadic.json");
  form.set("multiparty", fixtureBlob("good/prediction_multiparty.json"), "prediction_multiparty.json");
  return uploadRoute(req("/api/v1/submissions", { method: "POST", token, body: form }), {
    params: Promise.resolve({}),
  });
}

describe("upload body deadline", () => {
  it("cuts off a trickling body with 408; the account's slot then waits, longer each time", async () => {
    await setEnv({ UPLOAD_BODY_TIMEOUT_MS: "1500", UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT: "1" });
    const user = await userWithToken("trickle", "SUBMITTER");
    const other = await userWithToken("trickle-other", "SUBMITTER");
    const server = await serveRoute(uploadRoute);
    try {
      const started = Date.now();
      const res = await trickle(server.url, user.token);
      const took = Date.now() - started;
      expect(res.status).toBe(408);
      expect(JSON.parse(res.body)).toMatchObject({
        error: { code: "REQUEST_TIMEOUT", message: expect.stringContaining("UPLOAD_BODY_TIMEOUT_MS") },
      });
      expect(res.finishedSending).toBe(false);
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(20_000);
      expect(server.bytesRead()).toBeGreaterThan(0);

      // Issue 47: the account's slot waits (a back-off of one deadline) while the process's slot is free:
      // the same account is told to wait, another account is admitted at once.
      const again = await upload(user.token, "again");
      expect(again.status).toBe(429);
      expect(Number(again.headers.get("retry-after"))).toBe(2);
      expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(
        /did not arrive within UPLOAD_BODY_TIMEOUT_MS/,
      );
      expect((await upload(other.token, "other")).status).toBe(202);

      // Re-opening a slow upload after the back-off: the next back-off is twice as long.
      await sleep(1700);
      expect((await trickle(server.url, user.token)).status).toBe(408);
      const longer = await upload(user.token, "longer");
      expect(longer.status).toBe(429);
      expect(Number(longer.headers.get("retry-after"))).toBe(3);
      await sleep(3100);
      expect((await upload(user.token, "after the back-off")).status).toBe(202);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("does not cut off a body that arrives in time", async () => {
    await setEnv({ UPLOAD_BODY_TIMEOUT_MS: "30000" });
    const user = await userWithToken("in-time", "SUBMITTER");
    const form = new FormData();
    form.set("methodName", "in time");
    form.set("dyadic", fixtureBlob("good/prediction_dyadic.json", `in-time-${Date.now()}`), "prediction_dyadic.json");
    form.set("multiparty", fixtureBlob("good/prediction_multiparty.json"), "prediction_multiparty.json");
    const server = await serveRoute(uploadRoute);
    try {
      const res = await fetch(`${server.url}/api/v1/submissions`, {
        method: "POST",
        headers: { authorization: `Bearer ${user.token}` },
        body: form,
      });
      expect(res.status).toBe(202);
    } finally {
      await server.close();
    }
  }, 60_000);
});
