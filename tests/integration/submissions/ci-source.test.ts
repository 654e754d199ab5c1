// Submitted from CI over real HTTP: the multipart fields sourceRepo, sourceCommit and sourceRun
// are validated, stored on the Submission, and returned by the owner's status API and, once
// approved, by the public entry API (`source`). A run URL on another host is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getQueue } from "@/lib/server/queue";
import { approveSubmission } from "@/lib/server/review/decide";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { userWithToken } from "../../support/api-helpers";
import { restoreActiveKey, setEnv, useSyntheticKey } from "../../support/pipeline-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";

const log = logger.child({ test: "ci-source" });
log.level = "warn";
let server: RouteServer;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;

function upload(seed: number, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  form.set("methodName", `ci-source-${seed}-${Date.now()}`);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(
    "dyadic",
    new Blob([Buffer.from(syntheticPredictions(key.questions, "dyadic", { quality: 0.6, seed }))]),
    "prediction_dyadic.json",
  );
  form.set(
    "multiparty",
    new Blob([Buffer.from(syntheticPredictions(key.questions, "multi-party", { quality: 0.4, seed: seed + 1 }))]),
    "prediction_multiparty.json",
  );
  return fetch(`${server.url}/api/v1/submissions`, {
    method: "POST",
    headers: { authorization: `Bearer ${author.token}` },
    body: form,
  });
}

beforeAll(async () => {
  await setEnv({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-ci-source-${process.pid}` });
  key = await useSyntheticKey({ dyadic: 20, multiParty: 10 }, 505);
  [author, admin] = await Promise.all([
    userWithToken("ci-source-author", "SUBMITTER"),
    userWithToken("ci-source-admin", "ADMIN"),
  ]);
  server = await startRouteServer();
});
afterAll(async () => {
  await server?.close();
  await getQueue("scoring").obliterate({ force: true });
  await restoreActiveKey();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
  await setEnv({});
});

describe("submitted from CI", () => {
  it("stores the source fields and returns them in the status and entry APIs", async () => {
    const run = "https://github.com/acme/mem-x/actions/runs/987654321";
    const r = await upload(1, {
      sourceRepo: "acme/mem-x",
      sourceCommit: "0123456789ABCDEF0123456789abcdef01234567",
      sourceRun: run,
    });
    expect(r.status).toBe(202);
    const { id } = (await r.json()) as { id: string };
    expect(
      await db.submission.findUniqueOrThrow({
        where: { id },
        select: { sourceRepo: true, sourceCommit: true, sourceRun: true },
      }),
    ).toEqual({
      sourceRepo: "acme/mem-x",
      sourceCommit: "0123456789abcdef0123456789abcdef01234567",
      sourceRun: run,
    });
    // Typed fields: shown as stated by the submitter (verified false), never as verified.
    const source = {
      repo: "acme/mem-x",
      commit: "0123456789abcdef0123456789abcdef01234567",
      run,
      verified: false,
      ref: null,
      workflow: null,
    };
    const status = await fetch(`${server.url}/api/v1/submissions/${id}`, {
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(((await status.json()) as { source: unknown }).source).toEqual(source);

    expect(await scoreSubmissionPipeline(id, log)).toBe("scored");
    await approveSubmission({ submissionId: id, reviewerId: admin.id });
    const entry = (await (await fetch(`${server.url}/api/v1/entries/${id}`)).json()) as { source: unknown };
    expect(entry.source).toEqual(source);
  });

  it("expands a bare run id, answers null without a source, and refuses unsafe values with the field named", async () => {
    const byId = (await (await upload(2, { sourceRepo: "acme/mem-y", sourceRun: "42" })).json()) as { id: string };
    const view = await fetch(`${server.url}/api/v1/submissions/${byId.id}`, {
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(((await view.json()) as { source: unknown }).source).toEqual({
      repo: "acme/mem-y",
      commit: null,
      run: "https://github.com/acme/mem-y/actions/runs/42",
      verified: false,
      ref: null,
      workflow: null,
    });

    const plain = (await (await upload(3, {})).json()) as { id: string };
    const plainView = await fetch(`${server.url}/api/v1/submissions/${plain.id}`, {
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(((await plainView.json()) as { source: unknown }).source).toBeNull();

    for (const [fields, path] of [
      [{ sourceRepo: "acme/mem-z", sourceRun: "https://evil.example/acme/mem-z/actions/runs/1" }, "sourceRun"],
      [{ sourceRepo: "acme/mem-z", sourceRun: "javascript:alert(1)" }, "sourceRun"],
      [{ sourceRepo: "acme/mem-z", sourceCommit: "not-hex" }, "sourceCommit"],
      [{ sourceRepo: '"><script>/x' }, "sourceRepo"],
    ] as const) {
      const bad = await upload(4, fields);
      expect(bad.status).toBe(422);
      const body = (await bad.json()) as { error: { code: string; details: Array<{ path: string }> } };
      expect(body.error.code).toBe("VALIDATION_FAILED");
      expect(body.error.details.map((d) => d.path)).toContain(path);
    }
    expect(await db.submission.count({ where: { sourceRepo: "acme/mem-z" } })).toBe(0);
  });
});
