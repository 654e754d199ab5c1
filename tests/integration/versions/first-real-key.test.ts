// Issue 45, point 1: the operator's first hour on the real answer key. After the quick start's seed (a
// synthetic demo key and approved demo entries), importing a real key through the CLI takes the demo
// entries off the board and, with no other approved entry, publishes the key at once (audited): the
// board says it waits for its first approved entry, never that entries are being re-scored, and an admin
// can still publish on the empty board. A deployment left pinned by an earlier import gets out of the
// dead end too. Then a first entry, scored and approved, is on the board. Own database.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GET as leaderboardGet } from "@/app/api/v1/leaderboard/route";
import { BoardStatusNote } from "@/components/leaderboard/board-status-note";
import { loadAnswerKeyDir } from "@/lib/server/answer-key/dataset-folder";
import { getAnswerKeyOverview } from "@/lib/server/answer-key/overview";
import { db } from "@/lib/server/db";
import { boardStatus } from "@/lib/server/leaderboard/board-status";
import { publishScorerVersion } from "@/lib/server/operations/rollout";
import { approveSubmission } from "@/lib/server/review/decide";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import {
  PUBLISHED_VERSION_KEY,
  publishedScorerVersion,
  scoredPerVersion,
  versionCoverage,
} from "@/lib/server/versions/published-version";
import { syntheticPredictions, writeSyntheticDataset } from "@/scripts/dev/synthetic-predictions";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { logger } from "@/lib/server/logger";
import { TS } from "../../../scripts/dev/services.mjs";
import { ctx, req } from "../../support/api-helpers";
import { withIsolatedDatabase } from "../../support/isolated-db";
import { freshUser, ROOT, uploaded } from "../../support/pipeline-helpers";

withIsolatedDatabase("firstkey");

const env = {
  LOG_LEVEL: "warn",
  JUDGE_BASE_URL: "",
  QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-firstkey-${process.pid}`,
};
const node = (args: string[]) =>
  spawnSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8", timeout: 240_000 });
const log = logger.child({ test: "firstkey" });
log.level = "warn";

async function board(): Promise<{
  scorerVersion: string;
  entries: Array<{ id: string }>;
  trackReferences: Array<{ id: string; track: string }>;
}> {
  return (await leaderboardGet(req("http://localhost/api/v1/leaderboard?metric=f1"), ctx({}))).json();
}
const note = async (admin = false) =>
  renderToStaticMarkup(await BoardStatusNote({ admin, locale: "en" }))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const keyDir = (seed: number) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-real-layout-"));
  writeSyntheticDataset(dir, { dyadic: 21, multiParty: 7 }, seed);
  return dir;
};

describe("the first real answer key", () => {
  it("after the demo seed: published at once, the board waits for its first entry, which then shows", async () => {
    const seeded = node([...TS, "prisma/seed.ts"]);
    expect(seeded.status, seeded.stderr).toBe(0);
    const demo = await db.submission.count({ where: { isDemo: true, reviewState: "APPROVED" } });
    // Rows of their own: not a replicate run (it counts on its entry) nor a reproduction (issues 50, 49).
    const rows = await db.submission.count({
      where: { isDemo: true, reviewState: "APPROVED", runOf: null, reproduces: null },
    });
    expect(demo).toBeGreaterThan(2);
    const demoVersion = await currentScorerVersion();
    // The demo's full-context entry is listed apart from the ranked memory entries (issue 48).
    const seededBoard = await board();
    expect(seededBoard.entries).toHaveLength(rows - 1);
    expect(seededBoard.trackReferences.map((e) => e.track)).toEqual(["full-context"]);

    const dir = keyDir(45);
    const imported = node([path.join(ROOT, "bin/h2hmem.mjs"), "answer-key", "import", dir, "--label", "H2HMem v1"]);
    expect(imported.status, imported.stderr).toBe(0);
    const lines = imported.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^Imported answer key \S+: 28 questions from \d+ files; now active\.$/);
    // One line: the demo entries are off the board, and what to do next.
    expect(lines[1]).toBe(
      `The ${demo} demo entries are off the board now (a real key replaced the demo one). Next: approve a first entry scored against it (uploads on /submit, the review queue on /admin) and it is on the board; \`npx h2hmem demo remove\` deletes the demo data.`,
    );
    expect(lines[2]).toMatch(/^Published: no approved entry was ranked/);
    expect(imported.stdout).not.toMatch(/pinned|Queued/);

    // Published directly, audited; unpinned, the board shows the version web and worker compute.
    const key = await db.answerKeyVersion.findFirstOrThrow({ where: { active: true } });
    const real = await currentScorerVersion();
    expect(real).not.toBe(demoVersion);
    expect(await publishedScorerVersion()).toBe(real);
    expect(await db.setting.findUnique({ where: { key: PUBLISHED_VERSION_KEY } })).toBeNull();
    expect(
      await db.auditEvent.findFirstOrThrow({ where: { action: "answer_key.publish", targetId: key.id } }),
    ).toMatchObject({ actorId: null, details: { reason: "no approved entry to re-score" } });
    expect(await board()).toMatchObject({ scorerVersion: real, entries: [] });

    // The banner: the key is active and published and waits for its first approved entry; nothing is "re-scored".
    expect(await boardStatus()).toMatchObject({ pending: null, published: { version: real, approved: 0 } });
    expect(await note()).toContain(
      "Answer key “H2HMem v1” is active and published; the board waits for its first approved entry.",
    );
    expect(await note(true)).toContain("review queue");
    expect(await note()).not.toMatch(/re-scored/);
    // The Answer key page lists the demo entries as off the board, not as entries to re-score.
    expect(await getAnswerKeyOverview()).toMatchObject({ staleEntries: [], demoOffBoard: demo });
    // /admin/rescore counts one thing one way: a version's entries in its list are its coverage's.
    for (const v of [demoVersion, real])
      expect((await scoredPerVersion([v])).get(v)).toBe((await versionCoverage(v)).scored);
    expect((await scoredPerVersion([demoVersion])).get(demoVersion)).toBe(0);

    // An admin can publish on the empty board (nothing to re-judge is not an error): it pins the board.
    const admin = await freshUser("ADMIN");
    const actor = { id: admin.id, email: admin.email, name: null, role: "ADMIN" as const };
    expect(await db.score.count({ where: { scorerVersion: real } })).toBe(0);
    await expect(publishScorerVersion({ actor, version: real })).resolves.toMatchObject({ to: real });
    expect((await db.setting.findUniqueOrThrow({ where: { key: PUBLISHED_VERSION_KEY } })).value).toBe(real);
    // A version nobody computes is still refused.
    await expect(publishScorerVersion({ actor, version: `${real}x` })).rejects.toMatchObject({ code: "NOT_FOUND" });

    // The first entry: uploaded, scored, approved, on the board; the note goes.
    const questions = loadAnswerKeyDir(dir).questions;
    const author = await freshUser();
    const sub = await createSubmission({
      userId: author.id,
      files: uploaded(
        syntheticPredictions(questions, "dyadic", { quality: 0.7, seed: 1 }),
        syntheticPredictions(questions, "multi-party", { quality: 0.7, seed: 2 }),
      ),
      meta: { methodName: "First real entry", modality: "text" },
      enqueue: false,
    });
    expect(await scoreSubmissionPipeline(sub.id, log)).toBe("scored");
    await approveSubmission({ submissionId: sub.id, reviewerId: admin.id });
    expect(await board()).toMatchObject({ scorerVersion: real, entries: [{ id: sub.id }] });
    expect(await note()).toBe("");
  }, 600_000);

  it("a board an earlier import left pinned with no entry to re-score: the banner tells the truth and publish works", async () => {
    const before = await currentScorerVersion();
    // As the earlier import did: the board pinned to the previous key's version, nothing approved under the new one.
    await db.submission.updateMany({ where: { isDemo: false }, data: { reviewState: "WITHDRAWN" } });
    await db.setting.upsert({
      where: { key: PUBLISHED_VERSION_KEY },
      create: { key: PUBLISHED_VERSION_KEY, value: `${before}-earlier` },
      update: { value: `${before}-earlier` },
    });
    const dir = keyDir(46);
    const imported = node([path.join(ROOT, "bin/h2hmem.mjs"), "answer-key", "import", dir, "--label", "H2HMem v2"]);
    expect(imported.status, imported.stderr).toBe(0);
    // Nothing approved: published at once, the earlier pin removed.
    expect(imported.stdout).toMatch(/^Published: /m);
    expect(await db.setting.findUnique({ where: { key: PUBLISHED_VERSION_KEY } })).toBeNull();

    // The dead end of issue 45 (pinned, nothing queued, nothing to re-judge): truthful banner, publish allowed.
    const pinned = await currentScorerVersion();
    await db.setting.create({ data: { key: PUBLISHED_VERSION_KEY, value: before } });
    expect((await boardStatus()).pending).toMatchObject({ version: pinned, newKey: true, inProgress: 0, approved: 0 });
    const text = await note();
    expect(text).toContain("A newer answer key (“H2HMem v2”) is active; the board switches to it");
    expect(text).not.toMatch(/re-scored/);
    const admin = await freshUser("ADMIN");
    const actor = { id: admin.id, email: admin.email, name: null, role: "ADMIN" as const };
    await expect(publishScorerVersion({ actor, version: pinned })).resolves.toMatchObject({ from: before, to: pinned });
    expect(await publishedScorerVersion()).toBe(pinned);
  }, 600_000);
});
