// Versioned re-scoring: re-judge every approved entry under the current scorer version (one
// admin action, idempotent), and the published scorer version the public board reads (switched
// by an admin, audited, refused without force when it covers fewer entries). Runs in its own
// database: these actions touch every approved entry.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "@/lib/server/auth/config";
import { db } from "@/lib/server/db";
import { closeQueues, getQueue, scoringJobId } from "@/lib/server/queue";
import {
  PUBLISHED_VERSION_KEY,
  publishedScorerVersion,
  versionCoverage,
} from "@/lib/server/versions/published-version";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { publishScorerVersion, rejudgeAllApproved } from "@/lib/server/operations/rollout";
import { rankedBoard } from "@/lib/server/leaderboard/ranked-board";
import { getPublicEntry } from "@/lib/server/leaderboard/entries";
import { comparableEntries } from "@/lib/server/leaderboard/compare";
import { UnscoredNote } from "@/components/leaderboard/unscored-note";
import { renderIntl } from "../../support/render-intl";
import { withIsolatedDatabase } from "../../support/isolated-db";
import { GET as statusRoute } from "@/app/api/v1/admin/scorer-versions/route";
import { POST as publishRoute } from "@/app/api/v1/admin/scorer-versions/publish/route";
import { POST as rejudgeRoute } from "@/app/api/v1/admin/scorer-versions/rejudge/route";
import { ctx, req, userWithToken } from "../../support/api-helpers";
import { setEnv, waitFor } from "../../support/pipeline-helpers";

withIsolatedDatabase("versions");

let admin: SessionUser;
let submitter: SessionUser;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  await setEnv({
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-versions-${process.pid}`,
    JUDGE_BASE_URL: undefined,
  });
  const mk = async (role: "ADMIN" | "SUBMITTER") => {
    const u = await db.user.create({ data: { email: `versions-${role}-${tag}@test.local`, role } });
    return { id: u.id, email: u.email, name: null, role } satisfies SessionUser;
  };
  admin = await mk("ADMIN");
  submitter = await mk("SUBMITTER");
});

afterAll(async () => {
  await getQueue("scoring").obliterate({ force: true });
  await closeQueues();
});

type Opts = {
  review?: "APPROVED" | "PENDING" | "REJECTED";
  status?: "SCORED" | "QUEUED" | "FAILED";
  scores?: Record<string, number>;
};
let n = 0;
/** An entry with headline f1 rows (overall, ALL, micro) under the given versions. */
async function entry(name: string, o: Opts = {}): Promise<string> {
  const s = await db.submission.create({
    data: {
      userId: submitter.id,
      methodName: name,
      contentSha256: `${tag}-${n++}`,
      status: o.status ?? "SCORED",
      reviewState: o.review ?? "APPROVED",
    },
  });
  await db.stageRun.create({ data: { submissionId: s.id, stage: "lexical", status: "DONE", total: 1, done: 1 } });
  await db.score.createMany({
    data: Object.entries(o.scores ?? {}).map(([scorerVersion, value]) => ({
      submissionId: s.id,
      scorerVersion,
      split: "overall",
      scope: "ALL",
      metric: "f1",
      aggregate: "micro",
      value,
      n: 10,
    })),
  });
  return s.id;
}

const boardIds = async () =>
  (await rankedBoard({ split: "overall", metric: "f1", aggregate: "micro" })).entries.map((e) => e.id);
const auditOf = (action: string) => db.auditEvent.findMany({ where: { action }, orderBy: { createdAt: "asc" } });

describe("re-judge all approved entries", () => {
  it("enqueues exactly the approved entries (and pending ones) without rows under the current version, once", async () => {
    const cur = await currentScorerVersion();
    const a = await entry("A has current rows", { scores: { [cur]: 0.5, "old-v": 0.4 } });
    const b = await entry("B old rows only", { scores: { "old-v": 0.6 } });
    const c = await entry("C no rows", {});
    const d = await entry("D already queued", { status: "QUEUED", scores: { "old-v": 0.3 } });
    const e = await entry("E pending", { review: "PENDING" });
    const f = await entry("F rejected", { review: "REJECTED" });

    // A pending submission is re-scored too (a new answer key must reach the review queue); a rejected one is not.
    const dry = await rejudgeAllApproved({ actor: admin, dryRun: true });
    expect(dry.enqueued.sort()).toEqual([b, c, e].sort());
    expect(await getQueue("scoring").getJob(scoringJobId(b))).toBeUndefined(); // a dry run changes nothing
    expect(await auditOf("scorer.rejudge_all")).toHaveLength(0);

    const first = await rejudgeAllApproved({ actor: admin });
    expect(first.scorerVersion).toBe(cur);
    expect(first).toMatchObject({ approved: 4, scored: 1, inProgress: [d], failed: [] });
    expect(first.enqueued.sort()).toEqual([b, c, e].sort());
    for (const id of [b, c, e]) {
      expect(await getQueue("scoring").getJob(scoringJobId(id))).toBeDefined();
      expect((await db.submission.findUniqueOrThrow({ where: { id } })).status).toBe("QUEUED");
    }
    for (const id of [a, d, f]) expect(await getQueue("scoring").getJob(scoringJobId(id))).toBeUndefined();
    const rescores = await db.auditEvent.findMany({ where: { action: "submission.rescore" } });
    expect(rescores.map((r) => r.targetId).sort()).toEqual([b, c, e].sort());
    expect(rescores.every((r) => r.actorId === admin.id)).toBe(true);

    // Idempotent: the same call again finds them queued and enqueues nothing.
    const second = await rejudgeAllApproved({ actor: admin });
    expect(second.enqueued).toEqual([]);
    expect(second.inProgress.sort()).toEqual([b, c, d, e].sort());
    expect((await getQueue("scoring").getJobCounts("waiting")).waiting).toBe(3);
    expect(await db.auditEvent.count({ where: { action: "submission.rescore" } })).toBe(3);
    const trail = await auditOf("scorer.rejudge_all");
    expect(trail.map((t) => [t.actorId, t.targetId])).toEqual([
      [admin.id, cur],
      [admin.id, cur],
    ]);
    expect(trail[0]!.details).toMatchObject({ approved: 4, scored: 1 });

    // Approved entries being re-scored stay on the public board with their published rows.
    expect(await boardIds()).toEqual([a]);
    await db.score.create({
      data: {
        submissionId: b,
        scorerVersion: cur,
        split: "overall",
        scope: "ALL",
        metric: "f1",
        aggregate: "micro",
        value: 0.7,
        n: 10,
      },
    });
    await db.submission.update({ where: { id: b }, data: { status: "JUDGING" } });
    expect(await boardIds()).toEqual([b, a]);
    expect((await getPublicEntry(b)).scores).toHaveLength(1);
    // Leave the rest scored so the next tests start from a settled board.
    await getQueue("scoring").obliterate({ force: true });
    await db.submission.updateMany({ where: { id: { in: [b, c, d, e] } }, data: { status: "SCORED" } });
    await db.score.createMany({
      data: [c, d, e].map((id, i) => ({
        submissionId: id,
        scorerVersion: cur,
        split: "overall",
        scope: "ALL",
        metric: "f1",
        aggregate: "micro",
        value: 0.2 + i / 10,
        n: 10,
      })),
    });
  });

  it("is refused to a submitter", async () => {
    await expect(rejudgeAllApproved({ actor: submitter })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(rejudgeAllApproved({ actor: submitter, dryRun: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("published scorer version", () => {
  it("defaults to the current version, switches the board, and is audited with from and to", async () => {
    const cur = await currentScorerVersion();
    expect(await publishedScorerVersion()).toBe(cur);
    const before = await boardIds();
    expect(before).toHaveLength(4);
    const x = await entry("X next version", { scores: { [`next-${tag}`]: 0.9, [cur]: 0.1 } });
    // The next version covers every approved entry (the others get rows too, in reverse order).
    const ids = [...before, x];
    await db.score.createMany({
      data: before.map((id, i) => ({
        submissionId: id,
        scorerVersion: `next-${tag}`,
        split: "overall",
        scope: "ALL",
        metric: "f1",
        aggregate: "micro",
        value: 0.1 + i / 10,
        n: 10,
      })),
    });
    expect((await rankedBoard({ split: "overall", metric: "f1", aggregate: "micro" })).scorerVersion).toBe(cur);

    const res = await publishScorerVersion({ actor: admin, version: `next-${tag}` });
    expect(res).toMatchObject({ from: cur, to: `next-${tag}`, pinnedBefore: false, force: false });
    const board = await rankedBoard({ split: "overall", metric: "f1", aggregate: "micro" });
    expect(board.scorerVersion).toBe(`next-${tag}`);
    expect(board.entries.map((e) => e.id)).toEqual([x, ...[...before].reverse()]);
    expect((await getPublicEntry(x)).scorerVersion).toBe(`next-${tag}`);
    expect((await comparableEntries()).map((e) => e.id).sort()).toEqual(ids.sort());
    const [event] = await auditOf("scorer.publish");
    expect(event).toMatchObject({ actorId: admin.id, targetType: "ScorerVersion", targetId: `next-${tag}` });
    expect(event!.details).toMatchObject({ from: cur, to: `next-${tag}`, force: false, scoredFrom: 5, scoredTo: 5 });
    expect(await db.setting.findUniqueOrThrow({ where: { key: PUBLISHED_VERSION_KEY } })).toMatchObject({
      value: `next-${tag}`,
      updatedById: admin.id,
    });

    await expect(publishScorerVersion({ actor: admin, version: `next-${tag}` })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(publishScorerVersion({ actor: admin, version: "no-such-version" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("is refused without force when the target covers fewer approved entries; force publishes and the rest are listed as unscored", async () => {
    const thin = `thin-${tag}`;
    const [one] = await db.submission.findMany({
      where: { reviewState: "APPROVED" },
      take: 1,
      orderBy: { createdAt: "asc" },
    });
    await db.score.create({
      data: {
        submissionId: one!.id,
        scorerVersion: thin,
        split: "overall",
        scope: "ALL",
        metric: "f1",
        aggregate: "micro",
        value: 0.5,
        n: 10,
      },
    });
    const published = await publishedScorerVersion();
    const audits = await db.auditEvent.count({ where: { action: "scorer.publish" } });

    const refused = publishScorerVersion({ actor: admin, version: thin });
    await expect(refused).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(refused).rejects.toThrow(/1 of 5 approved entries, fewer than the published/);
    expect(await publishedScorerVersion()).toBe(published);
    expect(await db.auditEvent.count({ where: { action: "scorer.publish" } })).toBe(audits);

    const forced = await publishScorerVersion({ actor: admin, version: thin, force: true });
    expect(forced).toMatchObject({ from: published, to: thin, force: true, pinnedBefore: true });
    expect(await boardIds()).toEqual([one!.id]);
    const coverage = await versionCoverage(thin);
    expect(coverage).toMatchObject({ approved: 5, scored: 1 });
    expect(coverage.missing).toHaveLength(4);
    // The board says so, naming them, instead of leaving them silently missing.
    const note = renderIntl(await UnscoredNote({ version: thin }));
    // They are scored, under another version: said so, never "not yet scored" (issue 32).
    expect(note).toMatch(
      /<strong>4<\/strong> approved entries are scored (under the version being prepared|under another scorer version only)/,
    );
    expect(note).not.toContain("not yet scored");
    for (const m of coverage.missing) expect(note).toContain(`href="/entries/${m.id}"`);
    expect(await UnscoredNote({ version: published })).toBeNull();
    // The public entry page of an unscored entry shows no numbers of another version.
    const other = coverage.missing[0]!.id;
    expect(await getPublicEntry(other)).toMatchObject({ scorerVersion: null, scores: [] });

    // Switching back is allowed (more coverage) and restores the previous board.
    await publishScorerVersion({ actor: admin, version: published });
    expect(await boardIds()).toHaveLength(5);
  });

  it("is refused to a submitter and changes nothing", async () => {
    const before = await publishedScorerVersion();
    await expect(
      publishScorerVersion({ actor: submitter, version: await currentScorerVersion(), force: true }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await publishedScorerVersion()).toBe(before);
  });

  it("another process's switch (a direct write of the setting) reaches this process's board within about a second", async () => {
    const cur = await currentScorerVersion();
    expect((await rankedBoard({ split: "overall", metric: "f1", aggregate: "micro" })).scorerVersion).not.toBe(cur);
    await db.setting.update({ where: { key: PUBLISHED_VERSION_KEY }, data: { value: cur } });
    const board = await waitFor(
      async () => {
        const b = await rankedBoard({ split: "overall", metric: "f1", aggregate: "micro" });
        return b.scorerVersion === cur ? b : null;
      },
      "the board to follow the stored published version",
      5_000,
    );
    expect(board.entries).toHaveLength(5);
  });
});

describe("API v1 /admin/scorer-versions", () => {
  const post = (url: string, token: string, body: unknown) =>
    req(url, { method: "POST", token, body: JSON.stringify(body), headers: { "content-type": "application/json" } });

  it("a submitter is refused every call and changes nothing; an admin reads the state, re-judges and publishes", async () => {
    const sub = await userWithToken("versions-api-sub", "SUBMITTER");
    const adm = await userWithToken("versions-api-admin", "ADMIN");
    const published = await publishedScorerVersion();
    const audits = await db.auditEvent.count();
    const setting = await db.setting.findUnique({ where: { key: PUBLISHED_VERSION_KEY } });
    expect((await statusRoute(req("/api/v1/admin/scorer-versions", { token: sub.token }), ctx({}))).status).toBe(403);
    expect((await rejudgeRoute(post("/api/v1/admin/scorer-versions/rejudge", sub.token, {}), ctx({}))).status).toBe(
      403,
    );
    expect(
      (
        await publishRoute(
          post("/api/v1/admin/scorer-versions/publish", sub.token, {
            version: await currentScorerVersion(),
            force: true,
          }),
          ctx({}),
        )
      ).status,
    ).toBe(403);
    expect((await rejudgeRoute(post("/api/v1/admin/scorer-versions/rejudge", "", {}), ctx({}))).status).toBe(401);
    expect(await db.auditEvent.count()).toBe(audits);
    expect(await db.setting.findUnique({ where: { key: PUBLISHED_VERSION_KEY } })).toEqual(setting);
    expect(await publishedScorerVersion()).toBe(published);

    const state = (await (
      await statusRoute(req("/api/v1/admin/scorer-versions", { token: adm.token }), ctx({}))
    ).json()) as Record<string, { version: string; scored: number; approved: number }> & {
      pinned: boolean;
      versions: Array<{ version: string }>;
    };
    expect(state.published.version).toBe(published);
    expect(state.current.version).toBe(await currentScorerVersion());
    expect(state.pinned).toBe(true);
    expect(state.versions.map((v) => v.version)).toEqual(
      expect.arrayContaining([published, await currentScorerVersion()]),
    );

    const bad = await rejudgeRoute(
      post("/api/v1/admin/scorer-versions/rejudge", adm.token, { dryRun: "yes" }),
      ctx({}),
    );
    expect(bad.status).toBe(422);
    const missing = await entry("API missing current rows", {});
    const dry = await rejudgeRoute(post("/api/v1/admin/scorer-versions/rejudge", adm.token, { dryRun: true }), ctx({}));
    expect([dry.status, ((await dry.json()) as { enqueued: string[] }).enqueued]).toEqual([200, [missing]]);
    const real = await rejudgeRoute(post("/api/v1/admin/scorer-versions/rejudge", adm.token, {}), ctx({}));
    expect([real.status, ((await real.json()) as { enqueued: string[] }).enqueued]).toEqual([202, [missing]]);

    const thin = await publishRoute(
      post("/api/v1/admin/scorer-versions/publish", adm.token, { version: `thin-${tag}` }),
      ctx({}),
    );
    expect(thin.status).toBe(409);
    const ok = await publishRoute(
      post("/api/v1/admin/scorer-versions/publish", adm.token, { version: `next-${tag}` }),
      ctx({}),
    );
    expect([ok.status, ((await ok.json()) as { to: string }).to]).toEqual([200, `next-${tag}`]);
  });
});
