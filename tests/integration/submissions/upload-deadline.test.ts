// Issue 31: a body that trickles in cannot hold an upload slot for long. Over real HTTP, a client
// sending a few bytes at a time gets 408 REQUEST_TIMEOUT once UPLOAD_BODY_TIMEOUT_MS has passed,
// while it is still sending, and the account's slot is free again at once.
import { afterEach, describe, expect, it } from "vitest";
import { POST as upload } from "@/app/api/v1/submissions/route";
import { fixtureBlob, req, userWithToken } from "../../support/api-helpers";
import { setEnv } from "../../support/pipeline-helpers";
import { serveRoute, slowUpload } from "../../support/route-server";

afterEach(async () => {
  await setEnv({ UPLOAD_BODY_TIMEOUT_MS: undefined, UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT: undefined });
});

describe("upload body deadline", () => {
  it("cuts off a trickling body with 408 and frees the account's upload slot", async () => {
    await setEnv({ UPLOAD_BODY_TIMEOUT_MS: "1500", UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT: "1" });
    const user = await userWithToken("trickle", "SUBMITTER");
    const server = await serveRoute(upload);
    try {
      const started = Date.now();
      // 64 bytes every 100 ms for 60 s if nobody answered: far below any real upload's pace.
      const res = await slowUpload(
        `${server.url}/api/v1/submissions`,
        { authorization: `Bearer ${user.token}`, "content-type": "multipart/form-data; boundary=x" },
        { chunks: 600, chunkBytes: 64, everyMs: 100 },
      );
      const took = Date.now() - started;
      expect(res.status).toBe(408);
      expect(JSON.parse(res.body)).toMatchObject({
        error: { code: "REQUEST_TIMEOUT", message: expect.stringContaining("UPLOAD_BODY_TIMEOUT_MS") },
      });
      expect(res.finishedSending).toBe(false);
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(20_000);
      expect(server.bytesRead()).toBeGreaterThan(0);

      // The one slot the account has is free again: a normal upload is admitted and accepted.
      const form = new FormData();
      form.set("methodName", "after the trickle");
      form.set("dyadic", fixtureBlob("good/prediction_dyadic.json", `trickle-${Date.now()}`), "prediction_dyadic.json");
      form.set("multiparty", fixtureBlob("good/prediction_multiparty.json"), "prediction_multiparty.json");
      const ok = await upload(req("/api/v1/submissions", { method: "POST", token: user.token, body: form }), {
        params: Promise.resolve({}),
      });
      expect(ok.status).toBe(202);
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
    const server = await serveRoute(upload);
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
