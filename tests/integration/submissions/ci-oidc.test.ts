// Verified CI provenance over real HTTP: an upload carrying a CI OIDC token (`ciToken`) is
// verified against a local issuer that serves OIDC discovery and its JWKS over HTTP
// (CI_OIDC_ISSUER), with audience = AUTH_URL. A valid token stores repository, commit, run, ref
// and workflow from its claims (overriding typed fields) and the entry, board and status APIs say
// verified; wrong audience, expired, forged signature and wrong issuer are refused with a 422
// naming the reason, and nothing is stored. A token vouches for one upload (its jti is recorded):
// a replay, even racing, gets 422 and stores nothing (issue 47).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getQueue } from "@/lib/server/queue";
import { approveSubmission } from "@/lib/server/review/decide";
import { resetCiKeyCache } from "@/lib/server/submissions/ci-token";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { userWithToken } from "../../support/api-helpers";
import { restoreActiveKey, setEnv, useSyntheticKey } from "../../support/pipeline-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { GITHUB_LIKE_CLAIMS, startFakeCiIssuer, type FakeCiIssuer } from "../../support/fake-ci-issuer";

const log = logger.child({ test: "ci-oidc" });
log.level = "warn";
const AUDIENCE = "https://lb.example.org";
let server: RouteServer;
let issuer: FakeCiIssuer;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;

function upload(seed: number, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  form.set("methodName", `ci-oidc-${seed}-${Date.now()}`);
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
  issuer = await startFakeCiIssuer();
  await setEnv({
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-ci-oidc-${process.pid}`,
    CI_OIDC_ISSUER: issuer.url,
    AUTH_URL: AUDIENCE,
  });
  resetCiKeyCache();
  key = await useSyntheticKey({ dyadic: 20, multiParty: 10 }, 606);
  [author, admin] = await Promise.all([
    userWithToken("ci-oidc-author", "SUBMITTER"),
    userWithToken("ci-oidc-admin", "ADMIN"),
  ]);
  server = await startRouteServer();
});
afterAll(async () => {
  await server?.close();
  await issuer?.close();
  await getQueue("scoring").obliterate({ force: true });
  await restoreActiveKey();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
  await setEnv({ CI_OIDC_ISSUER: undefined, AUTH_URL: undefined });
  resetCiKeyCache();
});

const verifiedSource = {
  repo: GITHUB_LIKE_CLAIMS.repository,
  commit: GITHUB_LIKE_CLAIMS.sha,
  run: `https://github.com/${GITHUB_LIKE_CLAIMS.repository}/actions/runs/${GITHUB_LIKE_CLAIMS.run_id}`,
  verified: true,
  ref: GITHUB_LIKE_CLAIMS.ref,
  workflow: GITHUB_LIKE_CLAIMS.workflow_ref,
};

describe("verified CI provenance (CI_OIDC_ISSUER = local issuer over HTTP)", () => {
  it("a valid token: the claims are stored (typed fields ignored) and every API says verified", async () => {
    const ciToken = await issuer.mint({}, { audience: AUDIENCE });
    // Typed fields that disagree with the token lose to its claims.
    const r = await upload(1, { ciToken, sourceRepo: "someone/else", sourceCommit: "abcdef0" });
    expect(r.status, await r.clone().text()).toBe(202);
    const { id } = (await r.json()) as { id: string };
    // Keys were found by discovery and fetched over HTTP.
    expect(issuer.log).toEqual(["GET /.well-known/openid-configuration", "GET /.well-known/jwks"]);
    const row = await db.submission.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      sourceRepo: "acme/mem-ci",
      sourceCommit: GITHUB_LIKE_CLAIMS.sha,
      sourceRun: GITHUB_LIKE_CLAIMS.run_id,
      sourceRef: "refs/heads/main",
      sourceWorkflow: GITHUB_LIKE_CLAIMS.workflow_ref,
    });
    expect(row.sourceVerifiedAt).toBeInstanceOf(Date);
    const status = await fetch(`${server.url}/api/v1/submissions/${id}`, {
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(((await status.json()) as { source: unknown }).source).toEqual(verifiedSource);

    expect(await scoreSubmissionPipeline(id, log)).toBe("scored");
    await approveSubmission({ submissionId: id, reviewerId: admin.id });
    const entry = (await (await fetch(`${server.url}/api/v1/entries/${id}`)).json()) as { source: unknown };
    expect(entry.source).toEqual(verifiedSource);
    const board = (await (await fetch(`${server.url}/api/v1/leaderboard`)).json()) as {
      entries: Array<{ id: string; ciVerified: unknown }>;
    };
    expect(board.entries.find((e) => e.id === id)?.ciVerified).toEqual(verifiedSource);
  });

  it("the audience may carry a trailing slash (the leaderboard URL as typed)", async () => {
    const ciToken = await issuer.mint({ run_id: "77" }, { audience: `${AUDIENCE}/` });
    const r = await upload(2, { ciToken });
    expect(r.status, await r.clone().text()).toBe(202);
    const { id } = (await r.json()) as { id: string };
    expect((await db.submission.findUniqueOrThrow({ where: { id } })).sourceRun).toBe("77");
  });

  it.each([
    ["audience", () => issuer.mint({}, { audience: "https://other-leaderboard.example" })],
    ["expired", () => issuer.mint({}, { audience: AUDIENCE, expired: true })],
    ["signature", () => issuer.mint({}, { audience: AUDIENCE, foreignKey: true })],
    ["issuer", () => issuer.mint({}, { audience: AUDIENCE, issuer: "https://token.actions.githubusercontent.com" })],
    ["claims", () => issuer.mint({ sha: "not-a-sha" }, { audience: AUDIENCE })],
    ["claims", () => issuer.mint({ jti: undefined }, { audience: AUDIENCE })],
    ["malformed", async () => "not.a.jwt"],
  ])("refuses a token with the wrong %s: 422 naming the reason, nothing stored", async (reason, mint) => {
    const before = await db.submission.count({ where: { userId: author.id } });
    const r = await upload(10 + reason.length, { ciToken: await mint() });
    expect(r.status).toBe(422);
    const body = (await r.json()) as {
      error: { code: string; message: string; details: Array<{ path: string; params: { reason: string } }> };
    };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.message).toMatch(/^The CI token /);
    expect(body.error.details).toEqual([expect.objectContaining({ path: "ciToken", params: { reason } })]);
    expect(await db.submission.count({ where: { userId: author.id } })).toBe(before);
  });

  const replayBody = async (r: Response) =>
    ((await r.json()) as { error: { details: Array<{ params: { reason: string } }> } }).error.details[0]?.params;

  it("a token is accepted for one upload only: a replay (other files or the same) gets 422 and stores nothing", async () => {
    const ciToken = await issuer.mint({}, { audience: AUDIENCE });
    const first = await upload(40, { ciToken });
    expect(first.status, await first.clone().text()).toBe(202);
    const { id } = (await first.json()) as { id: string };
    const before = await db.submission.count({ where: { userId: author.id } });
    for (const seed of [41, 40]) {
      const replay = await upload(seed, { ciToken });
      expect(replay.status).toBe(422);
      expect(await replayBody(replay)).toEqual({ reason: "replayed" });
    }
    expect(await db.submission.count({ where: { userId: author.id } })).toBe(before);
    expect(await db.submission.count({ where: { sourceVerifiedAt: { not: null }, id } })).toBe(1);
  });

  it("two uploads racing with one token: one is stored, the other gets 422", async () => {
    const ciToken = await issuer.mint({}, { audience: AUDIENCE });
    const before = await db.submission.count({ where: { userId: author.id } });
    const answers = await Promise.all([upload(50, { ciToken }), upload(52, { ciToken })]);
    expect(answers.map((r) => r.status).sort()).toEqual([202, 422]);
    expect(await replayBody(answers.find((r) => r.status === 422)!)).toEqual({ reason: "replayed" });
    expect(await db.submission.count({ where: { userId: author.id } })).toBe(before + 1);
  });
});
