// Issue 31: a failure's stored exception text never reaches the submitter through a webhook
// payload or an e-mail; both carry the generic reason with the submission id to quote.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { createWebhook } from "@/lib/server/notify/endpoints";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { markFailed } from "@/workers/processors/score-submission";
import { fixtureBlob, userWithToken } from "../../support/api-helpers";
import { setEnv } from "../../support/pipeline-helpers";

const RAW = "Judge stage failed: connect ECONNREFUSED 10.9.8.7:5432 at /srv/secret/judge.ts";
let author: Awaited<ReturnType<typeof userWithToken>>;

beforeAll(async () => {
  // Port 9 on loopback: mail stays an outbox row (the dispatch fails quietly), which is all we read.
  await setEnv({
    AUTH_URL: "https://lb.example",
    SMTP_URL: "smtp://127.0.0.1:9",
    MAIL_FROM: "leaderboard@h2hmem.test",
    WEBHOOK_ALLOW_PRIVATE: "true",
    REDIS_URL: "redis://127.0.0.1:1",
    ENQUEUE_TIMEOUT_MS: "200",
  });
  author = await userWithToken("failure-reason", "SUBMITTER");
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: author?.id } });
  await setEnv({
    AUTH_URL: undefined,
    SMTP_URL: undefined,
    MAIL_FROM: undefined,
    WEBHOOK_ALLOW_PRIVATE: undefined,
    REDIS_URL: process.env.REDIS_URL,
    ENQUEUE_TIMEOUT_MS: undefined,
  });
});

describe("failure reasons sent to the submitter", () => {
  it("the webhook payload and the mail carry a generic reason with the submission id, not the exception text", async () => {
    const hook = await createWebhook(author.id, { url: "http://127.0.0.1:9/hook", events: ["submission.failed"] });
    const stamp = `fr-${Date.now()}`;
    const bytes = async (rel: string) => new Uint8Array(await fixtureBlob(rel, stamp).arrayBuffer());
    const { id } = await createSubmission({
      userId: author.id,
      enqueue: false,
      meta: { methodName: stamp },
      files: {
        dyadic: { fileName: "prediction_dyadic.json", bytes: await bytes("good/prediction_dyadic.json") },
        multiparty: { fileName: "prediction_multiparty.json", bytes: await bytes("good/prediction_multiparty.json") },
      },
    });
    const since = new Date();
    expect(await markFailed(id, "judge", RAW)).toBe(true);
    const delivery = await db.outboxMessage.findFirstOrThrow({
      where: { endpointId: hook.id, event: "submission.failed" },
    });
    const reason = (delivery.payload as { data: { reason: string } }).data.reason;
    expect(reason).toContain(id);
    expect(JSON.stringify(delivery.payload)).not.toMatch(/ECONNREFUSED|10\.9\.8\.7|secret/);
    const mails = await db.outboxMessage.findMany({ where: { kind: "EMAIL", createdAt: { gte: since } } });
    const mine = mails.filter((m) => JSON.stringify(m.payload).includes(id));
    expect(mine).toHaveLength(1);
    expect(JSON.stringify(mine[0]!.payload)).not.toMatch(/ECONNREFUSED|10\.9\.8\.7|secret/);
    // Admins still have the full text.
    expect((await db.submission.findUniqueOrThrow({ where: { id } })).failureReason).toBe(RAW);
  });
});
