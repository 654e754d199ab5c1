// Issue 14, point 1 end to end: entries scored and approved under key A (with the fake judge),
// a corrected key B imported through the real CLI by an operator whose shell has no judge
// settings, the quick start's seed run again, then the re-score, preview and publish. At every
// step the public API reads one scorer version, so it never mixes keys or question counts, and
// after publishing every approved entry is ranked under B with the numbers `h2hmem score
// --answer-key B` computes from its stored files. Own database (it re-scores every entry).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as leaderboardGet } from "@/app/api/v1/leaderboard/route";
import { GET as entryGet } from "@/app/api/v1/entries/[id]/route";
import { loadAnswerKeyDir } from "@/lib/server/answer-key/dataset-folder";
import { db } from "@/lib/server/db";
import { leaderboardJsonSchema, type LeaderboardJson } from "@/lib/server/leaderboard/api-schema";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";
import { rescorePreview } from "@/lib/server/operations/rank-diff-preview";
import { publishScorerVersion } from "@/lib/server/operations/rollout";
import { scorerVersionStatus } from "@/lib/server/versions/version-status";
import { boardStatus, unscoredEntries } from "@/lib/server/leaderboard/board-status";
import { pinSourceOf } from "@/lib/server/versions/pin-source";
import { ensureReferenceScores } from "@/lib/server/leaderboard/compute-references";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { reconcileOnce } from "@/workers/reconciler";
import { TS } from "../../../scripts/dev/services.mjs";
import { ctx, req } from "../../support/api-helpers";
import { freshUser, ROOT, uploaded, waitForStatus } from "../../support/pipeline-helpers";
import { approvedEntries, withJudgeRollout } from "../../support/rollout-helpers";

const h = withJudgeRollout("keyroll", { dyadic: 40, multiParty: 10 }, 611);

function run(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    encoding: "utf8",
    timeout: 180_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const h2hmem = (...args: string[]) => run([path.join(ROOT, "bin/h2hmem.mjs"), ...args], { JUDGE_BASE_URL: "" });

async function board(metric: "f1" | "judge" = "f1"): Promise<LeaderboardJson> {
  const res = await leaderboardGet(req(`http://localhost/api/v1/leaderboard?metric=${metric}`), ctx({}));
  expect(res.status).toBe(200);
  return leaderboardJsonSchema.parse(await res.json());
}

/** One key and one question count for everything the view ranks, and they are the version's. */
function expectOneKey(lb: LeaderboardJson, keySha256: string, questions: number): void {
  expect(lb.scorerVersion).toContain(`+key=${keySha256.slice(0, 8)}`);
  expect(lb.answerKey).toMatchObject({ contentSha256: keySha256, questionCount: questions });
  expect(new Set(lb.entries.map((e) => e.overall.n))).toEqual(new Set(lb.entries.length ? [questions] : []));
}

/** Key B: key A with one ground truth corrected and one question added (errata). */
function errataOf(dir: string): string {
  const out = mkdtempSync(path.join(os.tmpdir(), "h2hmem-errata-"));
  cpSync(dir, out, { recursive: true });
  const file = path.join(out, "dyadic", "dialogue1", "scenes", "session0", "questions.json");
  const json = JSON.parse(readFileSync(file, "utf8")) as { questions: Array<Record<string, unknown>> };
  json.questions[0]!.original_answer = "A corrected ground truth for the first question.";
  json.questions.push({
    ...json.questions[1]!,
    question: { image: "", text: "An added question: what did they plan for the weekend?" },
  });
  writeFileSync(file, JSON.stringify(json));
  return out;
}

describe("a new answer key goes public only through re-score, preview and publish", () => {
  it("never mixes keys or question counts, and ranks every approved entry under the new key after publishing", async () => {
    const keyA = h.key;
    const ids = await approvedEntries(h, [0.8, 0.5, 0.3], 41);
    const author = await freshUser();
    const pending = await createSubmission({
      userId: author.id,
      files: uploaded(
        syntheticPredictions(keyA.questions, "dyadic", { quality: 0.6, seed: 90 }),
        syntheticPredictions(keyA.questions, "multi-party", { quality: 0.6, seed: 91 }),
      ),
      meta: { methodName: "keyroll-pending" },
    });
    expect((await waitForStatus(pending.id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");
    const va = await currentScorerVersion();
    expect(va).toMatch(/\+key=[0-9a-f]{8}\+judge=judge-a@/);
    const before = await board();
    expectOneKey(before, keyA.digest, keyA.questions.length);
    expect(before.entries.map((e) => e.id).sort()).toEqual([...ids].sort());

    // The operator imports the corrected key from a shell without the judge settings.
    const dirB = errataOf(keyA.dir);
    const keyB = loadAnswerKeyDir(dirB);
    expect(keyB.questions.length).toBe(keyA.questions.length + 1);
    const imported = h2hmem("answer-key", "import", dirB, "--label", "errata 1");
    expect(imported.stderr).toMatch(/^h2hmem: database postgresql:\S+ \(from DATABASE_URL\)\n$/);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(`stays on scorer version ${va} (pinned)`);
    expect(imported.stdout).toContain("Queued 4 approved and pending submissions");
    const vb = await currentScorerVersion();
    expect(vb).toBe(va.replace(keyA.digest.slice(0, 8), keyB.digest.slice(0, 8)));
    expect(await publishedScorerVersion()).toBe(va);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "answer_key.activate" } });
    expect(audit.details).toMatchObject({ pinned: va, requeued: 4 });

    // The board did not change by itself, and the quick start's seed does not re-activate its key.
    const seeded = run([...TS, "prisma/seed.ts", "--existing-users"], { JUDGE_BASE_URL: "" });
    expect(seeded.code).toBe(0);
    expect((await db.answerKeyVersion.findFirstOrThrow({ where: { active: true } })).contentSha256).toBe(keyB.digest);
    expect(await db.submission.count({ where: { user: { email: "demo-entries@h2hmem.local" } } })).toBe(0);
    const pinned = await board();
    expect({ ...pinned, generatedAt: "" }).toEqual({ ...before, generatedAt: "" });
    // Issue 32: the board names the key it shows and the one being prepared; the import pinned it.
    expect(await boardStatus()).toMatchObject({
      published: { version: va, key: { contentSha256: keyA.digest } },
      pending: { version: vb, newKey: true, key: { label: "errata 1" }, scored: 0, approved: 3 },
    });
    expect(await pinSourceOf(va)).toMatchObject({ kind: "import" });
    // The pinned board keeps reference rows of the key it shows, computed from that (inactive) key.
    await db.referenceScore.deleteMany({ where: { scorerVersion: va } });
    expect((await ensureReferenceScores(h.log)).computed).toContain(va);
    const rowA = await db.answerKeyVersion.findFirstOrThrow({ where: { contentSha256: keyA.digest } });
    const refsA = await db.referenceScore.findMany({
      where: { scorerVersion: va },
      select: { answerKeyVersionId: true },
    });
    expect(refsA.length).toBeGreaterThan(0);
    expect(new Set(refsA.map((r) => r.answerKeyVersionId))).toEqual(new Set([rowA.id]));

    // One entry re-scored (the worker's pipeline, in process), the new version published early
    // (forced): the others are listed as not re-scored yet, never ranked with their old numbers.
    const calls = h.fake.requests;
    expect(await scoreSubmissionPipeline(ids[0]!, h.log)).toBe("scored");
    await publishScorerVersion({ actor: h.admin, version: vb, force: true });
    const early = await board();
    expect([early.scorerVersion, early.entries.map((e) => e.id), early.answerKey?.contentSha256]).toEqual([
      vb,
      [ids[0]],
      keyB.digest,
    ]);
    expectOneKey(early, keyB.digest, keyB.questions.length);
    // Entries with only the previous key's rows are described as such, never as "not yet scored".
    expect((await unscoredEntries(vb)).map((e) => e.reason).sort()).not.toContain("notScored");
    expect(await unscoredEntries(vb)).toHaveLength(2);
    expect(early.notRescored.map((e) => [e.id, e.status]).sort()).toEqual(
      ids
        .slice(1)
        .map((id) => [id, "not-rescored"])
        .sort(),
    );
    const entry = await (await entryGet(req(`http://localhost/api/v1/entries/${ids[1]}`), ctx({ id: ids[1]! }))).json();
    expect(entry).toMatchObject({ scoreStatus: "not-rescored", scores: [], publishedScorerVersion: vb });
    await publishScorerVersion({ actor: h.admin, version: va });
    expect((await board()).scorerVersion).toBe(va);

    // The worker re-scores the rest from the stored predictions; only the corrected question is re-judged.
    expect((await reconcileOnce(h.log)).enqueued).toBe(3);
    for (const id of [...ids, pending.id])
      expect((await waitForStatus(id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");
    expect(h.fake.requests - calls).toBeLessThanOrEqual(4);
    expect(
      await db.score.count({ where: { submissionId: pending.id, scorerVersion: vb, metric: "f1" } }),
    ).toBeGreaterThan(0);
    const stillA = await board();
    expect(stillA.scorerVersion).toBe(va);
    expectOneKey(stillA, keyA.digest, keyA.questions.length);
    expect((await scorerVersionStatus()).current).toMatchObject({ version: vb, approved: 3, scored: 3 });
    const preview = await rescorePreview({ from: va, to: vb, metric: "judge" });
    expect(preview.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(preview.every((r) => r.from && r.to)).toBe(true);
    expect((await boardStatus()).pending).toMatchObject({ version: vb, scored: 3, approved: 3 });
    // An entry approved while the board is pinned, scored only under the new key: "shown after the next publish".
    // (Its rows under the old key removed, as if it had been uploaded after the import.)
    await db.score.deleteMany({ where: { submissionId: pending.id, scorerVersion: va } });
    await db.submission.update({ where: { id: pending.id }, data: { reviewState: "APPROVED" } });
    expect(await unscoredEntries(va)).toEqual([
      { id: pending.id, methodName: "keyroll-pending", reason: "pendingVersion" },
    ]);
    await db.submission.update({ where: { id: pending.id }, data: { reviewState: "PENDING" } });

    await publishScorerVersion({ actor: h.admin, version: vb });
    expect(await pinSourceOf(vb)).toMatchObject({ kind: "publish" });
    expect((await boardStatus()).pending).toBeNull();
    for (const metric of ["f1", "judge"] as const) {
      const after = await board(metric);
      expect(after.scorerVersion).toBe(vb);
      expectOneKey(after, keyB.digest, keyB.questions.length);
      expect(after.entries.map((e) => e.id).sort()).toEqual([...ids].sort());
      expect(after.notRescored).toEqual([]);
    }
    // The numbers are those the CLI computes from the stored files against key B.
    const f1 = await board("f1");
    for (const e of f1.entries) {
      const files = await db.submissionFile.findMany({ where: { submissionId: e.id } });
      const tmp = mkdtempSync(path.join(os.tmpdir(), "h2hmem-stored-"));
      const at = (split: string) => {
        const p = path.join(tmp, files.find((f) => f.split === split)!.fileName);
        writeFileSync(p, files.find((f) => f.split === split)!.content);
        return p;
      };
      const scored = run([
        path.join(ROOT, "bin/h2hmem.mjs"),
        "score",
        "--dyadic",
        at("dyadic"),
        "--multiparty",
        at("multi-party"),
        "--answer-key",
        dirB,
        "--json",
        "--resamples",
        "0",
      ]);
      expect(scored.code).toBe(0);
      const report = JSON.parse(scored.stdout) as {
        splits: { overall: { n: number; micro: Record<string, { value: number }> } };
      };
      expect(report.splits.overall.n).toBe(keyB.questions.length);
      expect(e.overall.value).toBeCloseTo(report.splits.overall.micro.f1!.value, 12);
    }
  }, 600_000);
});
