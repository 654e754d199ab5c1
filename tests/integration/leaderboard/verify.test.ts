// Reproducible entries over real HTTP: an upload with publicPredictions=true, scored (lexical and
// a fake judge) and approved, serves its files at /api/v1/entries/{id}/files/{split}; the real
// `h2hmem verify` process downloads them and re-scores every board number; a changed number
// makes it fail. Private or unapproved entries answer 404 there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getQueue } from "@/lib/server/queue";
import { approveSubmission } from "@/lib/server/review/decide";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { startFakeJudgeServer, type FakeJudgeServer } from "../../../scripts/dev/fake-judge-server";
import { userWithToken } from "../../support/api-helpers";
import { restoreActiveKey, setEnv, useSyntheticKey } from "../../support/pipeline-helpers";
import { runH2hmem } from "../../support/run-h2hmem";
import { startRouteServer, type RouteServer } from "../../support/api-server";

const log = logger.child({ test: "verify" });
log.level = "warn";
let fake: FakeJudgeServer;
let server: RouteServer;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;
let author: Awaited<ReturnType<typeof userWithToken>>;
let other: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;

/** Uploads through POST /api/v1/submissions, scores in-process, approves. */
async function entry(seed: number, fields: Record<string, string>): Promise<string> {
  const dyadic = JSON.parse(
    new TextDecoder().decode(syntheticPredictions(key.questions, "dyadic", { quality: 0.6, seed, extra: 1 })),
  ) as { predictions: unknown[] };
  dyadic.predictions.splice(0, 4); // four key questions unanswered: they count 0 in every denominator
  const form = new FormData();
  form.set("methodName", `verify-${seed}-${Date.now()}`);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("dyadic", new Blob([JSON.stringify(dyadic)]), "prediction_dyadic.json");
  form.set(
    "multiparty",
    new Blob([
      new TextDecoder().decode(syntheticPredictions(key.questions, "multi-party", { quality: 0.4, seed: seed + 1 })),
    ]),
    "prediction_multiparty.json",
  );
  const r = await fetch(`${server.url}/api/v1/submissions`, {
    method: "POST",
    headers: { authorization: `Bearer ${author.token}` },
    body: form,
  });
  expect(r.status).toBe(202);
  const { id } = (await r.json()) as { id: string };
  expect(await scoreSubmissionPipeline(id, log)).toBe("scored");
  await approveSubmission({ submissionId: id, reviewerId: admin.id });
  return id;
}

beforeAll(async () => {
  fake = await startFakeJudgeServer();
  await setEnv({
    JUDGE_BASE_URL: fake.baseURL,
    JUDGE_API_KEY: "verify-key",
    JUDGE_MODEL: "fake-judge-verify",
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-verify-${process.pid}`,
  });
  key = await useSyntheticKey({ dyadic: 60, multiParty: 20 }, 404);
  [author, other, admin] = await Promise.all([
    userWithToken("verify-author", "SUBMITTER"),
    userWithToken("verify-other", "SUBMITTER"),
    userWithToken("verify-admin", "ADMIN"),
  ]);
  server = await startRouteServer();
});
afterAll(async () => {
  await server?.close();
  await getQueue("scoring").obliterate({ force: true });
  await restoreActiveKey();
  await db.user.deleteMany({ where: { id: { in: [author?.id, other?.id, admin?.id].filter(Boolean) } } });
  await fake?.close();
  await setEnv({ JUDGE_BASE_URL: undefined, JUDGE_API_KEY: undefined, JUDGE_MODEL: undefined });
});

describe("reproducible entries", () => {
  it("serves the public files with their sha-256, and `h2hmem verify` re-scores every board number", async () => {
    const id = await entry(21, { publicPredictions: "true" });
    const detail = (await (await fetch(`${server.url}/api/v1/entries/${id}`)).json()) as {
      publicPredictions: boolean;
      scorerVersion: string;
      answerKey: { contentSha256: string };
      files: Array<{ split: string; sha256: string; url: string }>;
      scores: Array<{ metric: string }>;
    };
    expect(detail.publicPredictions).toBe(true);
    expect(detail.scorerVersion).toMatch(/\+judge=fake-judge-verify@/);
    expect(detail.answerKey.contentSha256).toBe(key.digest);
    expect(detail.scores.some((r) => r.metric === "judge")).toBe(true);
    for (const f of detail.files) {
      expect(f.url).toBe(`/api/v1/entries/${id}/files/${f.split}`);
      const r = await fetch(`${server.url}${f.url}`);
      expect(r.status).toBe(200);
      expect(r.headers.get("x-content-sha256")).toBe(f.sha256);
    }

    const ok = await runH2hmem("verify", `${server.url}/entries/${id}`, "--answer-key", key.dir);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/overall\s+judge\s+\d+\s+\d\.\d{4}\s+\d\.\d{4}\s+yes/);
    expect(ok.stdout).toMatch(
      new RegExp(
        `All ${await db.score.count({ where: { submissionId: id, scorerVersion: detail.scorerVersion } })} board numbers match`,
      ),
    );

    // Without the answer key it cannot reproduce the denominators: a usage error naming the key.
    const noKey = await runH2hmem("verify", id, "--url", server.url);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/--answer-key/);

    // A board number that the files do not give (lexical, then judge) fails the check.
    for (const metric of ["f1", "judge"]) {
      const row = await db.score.findFirstOrThrow({
        where: {
          submissionId: id,
          scorerVersion: detail.scorerVersion,
          metric,
          split: "dyadic",
          scope: "ALL",
          aggregate: "micro",
        },
      });
      // The Score row's trigger moves the public generation, so the served entry carries the altered number.
      await db.score.update({ where: { id: row.id }, data: { value: row.value + 0.001 } });
      const bad = await runH2hmem("verify", `${server.url}/entries/${id}`, "--answer-key", key.dir);
      await db.score.update({ where: { id: row.id }, data: { value: row.value } });
      expect(bad.code).toBe(1);
      expect(bad.stdout).toMatch(new RegExp(`1 of \\d+ board numbers differ:\\n  dyadic ALL ${metric} micro`));
    }
  });

  it("answers 404 for private and unapproved entries until the author makes the files public", async () => {
    const id = await entry(31, {});
    const file = () => fetch(`${server.url}/api/v1/entries/${id}/files/dyadic`);
    expect((await file()).status).toBe(404);
    expect((await fetch(`${server.url}/api/v1/entries/${id}/judge-scores`)).status).toBe(404);
    const refused = await runH2hmem("verify", `${server.url}/entries/${id}`, "--answer-key", key.dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/private/);

    const publish = (token: string) =>
      fetch(`${server.url}/api/v1/submissions/${id}/public-predictions`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await publish(other.token)).status).toBe(404);
    expect((await publish(author.token)).status).toBe(200);
    expect(await db.auditEvent.count({ where: { targetId: id, action: "submission.predictions.public" } })).toBe(1);
    expect((await file()).status).toBe(200);
    expect((await runH2hmem("verify", `${server.url}/entries/${id}`, "--answer-key", key.dir)).code).toBe(0);

    // Issue 47: caches revalidate before every use (304 while unchanged), so unpublishing takes effect at once.
    const served = await file();
    expect(served.headers.get("cache-control")).toBe("public, no-cache");
    const etag = served.headers.get("etag")!;
    const revalidated = await fetch(`${server.url}/api/v1/entries/${id}/files/dyadic`, {
      headers: { "if-none-match": etag },
    });
    expect(revalidated.status).toBe(304);

    // Unpublishing the entry (not approved any more) closes the files again, for a revalidating cache too.
    await db.submission.update({ where: { id }, data: { reviewState: "REJECTED" } });
    expect((await file()).status).toBe(404);
    const gone = await fetch(`${server.url}/api/v1/entries/${id}/files/dyadic`, { headers: { "if-none-match": etag } });
    expect(gone.status).toBe(404);
    expect(gone.headers.get("cache-control")).toBe("no-store");
  });
});
