// Issue 29 end to end: a deployment upgraded from versions that said "nltk" (NLTK 3.8) to the
// benchmark's NLTK 3.5. Entries are scored and approved with LEXICAL_NLTK=3.8 through the real
// worker and fake judge, their rows renamed to the legacy version form (what an older release
// wrote), the upgrade's migration run, then the worker's rollout round. The public board keeps
// the legacy version and numbers until an admin publishes; after that every approved entry's
// numbers are those lib/scoring computes from its stored files with NLTK 3.5, and the judge was
// never asked during the rollout. Own database (it re-scores every entry).
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as leaderboardGet } from "@/app/api/v1/leaderboard/route";
import { parsePredictionFile, scoreSubmission, type ScoreRow } from "@/lib/scoring";
import { db } from "@/lib/server/db";
import { leaderboardJsonSchema, type LeaderboardJson } from "@/lib/server/leaderboard/api-schema";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";
import { rescorePreview } from "@/lib/server/operations/rank-diff-preview";
import { publishScorerVersion } from "@/lib/server/operations/rollout";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { reconcileOnce, reconcileScorerVersion } from "@/workers/reconciler";
import { NltkChangeNote } from "@/app/(site)/admin/_components/nltk-change-note";
import { NltkModeSection } from "@/app/(site)/about/_components/nltk-mode-section";
import { ctx, req } from "../../support/api-helpers";
import { sql } from "../../support/backup-helpers";
import { freshUser, ROOT, setEnv, uploaded, waitForStatus } from "../../support/pipeline-helpers";
import { approvedEntries, withJudgeRollout } from "../../support/rollout-helpers";

const h = withJudgeRollout("nltkroll", { dyadic: 40, multiParty: 10 }, 729);
const MIGRATION = path.join(ROOT, "prisma/migrations/20261203070000_pin_legacy_nltk_board/migration.sql");
const LEXICAL = ["f1", "bleu1", "precision", "recall"] as const;
type Metric = (typeof LEXICAL)[number] | "judge";

async function board(metric: Metric): Promise<LeaderboardJson> {
  const res = await leaderboardGet(req(`http://localhost/api/v1/leaderboard?metric=${metric}`), ctx({}));
  expect(res.status).toBe(200);
  return leaderboardJsonSchema.parse(await res.json());
}
const boards = async () =>
  Object.fromEntries(
    await Promise.all((["judge", ...LEXICAL] as const).map(async (m) => [m, await board(m)] as const)),
  );
/** Each entry's overall and per-category micro values, by metric. */
const values = (lb: LeaderboardJson) =>
  lb.entries.map((e) => ({
    id: e.id,
    overall: e.overall.value,
    categories: Object.fromEntries(Object.entries(e.categories).map(([c, v]) => [c, v!.value])),
  }));

/** What lib/scoring computes from the stored prediction files with NLTK 3.5 against the key. */
async function libraryRows(submissionId: string): Promise<ScoreRow[]> {
  const files = await db.submissionFile.findMany({ where: { submissionId } });
  const parse = (split: "dyadic" | "multi-party") => {
    const f = files.find((x) => x.split === split)!;
    return parsePredictionFile(new Uint8Array(f.content), { file: f.fileName, split }).items;
  };
  return scoreSubmission({
    files: { dyadic: parse("dyadic"), "multi-party": parse("multi-party") },
    answerKey: h.key.questions,
    lexical: { tokenizer: "nltk", nltk: "3.5", stopwords: "new" },
  }).rows;
}

describe("moving a running board from the legacy NLTK 3.8 version to NLTK 3.5", () => {
  it("re-scores in the worker without judge calls, keeps the board until publish, then shows the 3.5 numbers", async () => {
    await setEnv({ LEXICAL_NLTK: "3.8" });
    const ids = await approvedEntries(h, [0.8, 0.5, 0.3], 71);
    const author = await freshUser();
    const files = uploaded(
      syntheticPredictions(h.key.questions, "dyadic", { quality: 0.6, seed: 95 }),
      syntheticPredictions(h.key.questions, "multi-party", { quality: 0.6, seed: 96 }),
    );
    const pending = await createSubmission({ userId: author.id, files, meta: { methodName: "nltkroll-pending" } });
    expect((await waitForStatus(pending.id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");

    // What an older release wrote: the same rows under "lex-1+nltk+..." (NLTK 3.8 semantics).
    const v38 = await currentScorerVersion();
    expect(v38).toMatch(/^lex-1\+nltk38\+sw198\+key=[0-9a-f]{8}\+judge=judge-a@/);
    const legacy = v38.replace("+nltk38+", "+nltk+");
    for (const table of ["Score", "QuestionScore", "FailureProfile", "ReferenceScore"]) {
      await db.$executeRawUnsafe(`UPDATE "${table}" SET "scorerVersion" = $1 WHERE "scorerVersion" = $2`, legacy, v38);
    }
    expect(await db.setting.count()).toBe(0);
    // The upgrade: the migration pins the board to the legacy version, the deployment now runs 3.5.
    await sql(process.env.DATABASE_URL!, readFileSync(MIGRATION, "utf8"));
    await setEnv({ LEXICAL_NLTK: undefined });
    const v35 = await currentScorerVersion();
    expect(v35).toBe(legacy.replace("+nltk+", "+nltk35+"));
    expect(await publishedScorerVersion()).toBe(legacy);
    const before = await boards();
    for (const lb of Object.values(before)) {
      expect(lb.scorerVersion).toBe(legacy);
      expect(lb.entries.map((e) => e.id).sort()).toEqual([...ids].sort());
    }

    // The worker's round: every approved and pending entry queued from its stored files, no judge call.
    const calls = h.fake.requests;
    const round = await reconcileScorerVersion(h.log);
    expect(round).toMatchObject({ to: v35, from: [legacy], pinned: null });
    expect([...round!.requeued].sort()).toEqual([...ids, pending.id].sort());
    expect(await reconcileScorerVersion(h.log)).toBeNull(); // idempotent: nothing left to queue
    expect((await reconcileOnce(h.log)).enqueued).toBe(4);
    for (const id of [...ids, pending.id])
      expect((await waitForStatus(id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");
    expect(h.fake.requests - calls).toBe(0);
    expect(await reconcileScorerVersion(h.log)).toBeNull(); // every entry has rows under 3.5 now
    const audit = await db.auditEvent.findMany({ where: { action: "scorer.lexical_rollout" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      targetId: v35,
      details: { from: [legacy], to: v35, pinned: null },
    });

    // Before publishing, the public board is exactly what it was.
    const during = await boards();
    for (const m of Object.keys(before))
      expect({ ...during[m], generatedAt: "" }).toEqual({ ...before[m], generatedAt: "" });
    // /admin/rescore names the change and counts the questions whose BLEU-1 moved (per-question rows).
    const q = async (v: string) =>
      new Map(
        (await db.questionScore.findMany({ where: { scorerVersion: v, submissionId: { in: ids } } })).map((r) => [
          `${r.submissionId}/${r.split}/${r.index}`,
          r.bleu1,
        ]),
      );
    const [qa, qb] = [await q(legacy), await q(v35)];
    const both = [...qa].filter(([k, v]) => v !== null && qb.get(k) != null);
    const changed = both.filter(([k, v]) => Math.abs(v! - qb.get(k)!) > 1e-12).length;
    expect(both.length).toBeGreaterThan(0);
    const en = renderToStaticMarkup(await NltkChangeNote({ from: legacy, to: v35, locale: "en" }));
    expect(en).toContain("NLTK 3.8 → NLTK 3.5 (the benchmark’s pin)");
    expect(en).toContain(
      `BLEU-1 differs between the two versions on ${changed} of ${both.length} answered questions of 3 approved entries`,
    );
    const zh = renderToStaticMarkup(await NltkChangeNote({ from: legacy, to: v35, locale: "zh" }));
    expect(zh).toContain("NLTK 3.8 → NLTK 3.5（基准官方固定的版本）");
    expect(zh).toContain(`${both.length} 道已作答题目里有 ${changed} 道的 BLEU-1 不同`);
    expect(await NltkChangeNote({ from: v35.replace("judge-a", "judge-b"), to: v35, locale: "en" })).toBeNull();
    const preview = await rescorePreview({ from: legacy, to: v35, metric: "f1" });
    expect(preview.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(preview.every((r) => r.from && r.to)).toBe(true);

    await publishScorerVersion({ actor: h.admin, version: v35 });
    const after = await boards();
    for (const lb of Object.values(after)) {
      expect(lb.scorerVersion).toBe(v35);
      expect(lb.entries.map((e) => e.id).sort()).toEqual([...ids].sort());
      expect(lb.notRescored).toEqual([]);
    }
    // The judge numbers are the legacy ones (the cache answered), the lexical ones lib/scoring's.
    expect(values(after.judge)).toEqual(values(before.judge));
    for (const id of ids) {
      const rows = await libraryRows(id);
      const lib = (metric: string, scope: string) =>
        rows.find((r) => r.split === "overall" && r.scope === scope && r.metric === metric && r.aggregate === "micro")!
          .value;
      for (const m of LEXICAL) {
        const e = values(after[m]).find((x) => x.id === id)!;
        expect(e.overall).toBeCloseTo(lib(m, "ALL"), 12);
        expect(Object.keys(e.categories).length).toBeGreaterThan(0);
        for (const [c, v] of Object.entries(e.categories)) expect(v).toBeCloseTo(lib(m, c), 12);
      }
    }
    // About's live part reads the published version and the per-question rows of both modes.
    const about = renderToStaticMarkup(await NltkModeSection({ locale: "en" }));
    expect(about).toContain("follow NLTK 3.5: the version the benchmark’s requirements.txt pins (nltk==3.5).");
    expect(about).toContain(`BLEU-1 differs on ${changed} of ${both.length} answered questions of 3 approved entries`);
    const aboutZh = renderToStaticMarkup(await NltkModeSection({ locale: "zh" }));
    expect(aboutZh).toContain("遵循 NLTK 3.5：即基准 requirements.txt 固定的版本（nltk==3.5）。");
    expect(aboutZh).toContain(`有 ${changed} 道的 BLEU-1 不同`);
    // The old board is kept in the snapshots; publishing recorded the new one.
    const snaps = await db.boardSnapshot.findMany({ orderBy: { createdAt: "asc" }, select: { scorerVersion: true } });
    expect(snaps.at(-1)!.scorerVersion).toBe(v35);
    expect(snaps.some((s) => s.scorerVersion !== v35)).toBe(true);
  }, 600_000);

  it("never re-scores on its own for a new judge model (that stays an admin's action)", async () => {
    const published = await publishedScorerVersion();
    await setEnv({ JUDGE_MODEL: "judge-b" });
    try {
      const vb = await currentScorerVersion();
      expect(vb).not.toBe(published);
      expect(await reconcileScorerVersion(h.log)).toBeNull();
      expect(await db.submission.count({ where: { status: "QUEUED" } })).toBe(0);
      // Nor for a new judge together with another NLTK mode.
      await setEnv({ LEXICAL_NLTK: "3.8" });
      expect(await reconcileScorerVersion(h.log)).toBeNull();
      expect(await db.submission.count({ where: { status: "QUEUED" } })).toBe(0);
    } finally {
      await setEnv({ JUDGE_MODEL: "judge-a", LEXICAL_NLTK: undefined });
    }
  });

  it("pins a board that follows the current version (nothing published) before it re-scores", async () => {
    const shown = await publishedScorerVersion();
    await db.setting.deleteMany({});
    await setEnv({ LEXICAL_NLTK: "3.8" });
    try {
      const v38 = await currentScorerVersion();
      expect(v38).toBe(shown.replace("+nltk35+", "+nltk38+"));
      const calls = h.fake.requests;
      const round = await reconcileScorerVersion(h.log);
      // The legacy rows (also NLTK 3.8, by another name) are siblings too; the board showed 3.5.
      expect(round).toMatchObject({ to: v38, from: [shown.replace("+nltk35+", "+nltk+"), shown], pinned: shown });
      expect(await publishedScorerVersion()).toBe(shown);
      expect((await reconcileOnce(h.log)).enqueued).toBe(round!.requeued.length);
      for (const id of round!.requeued)
        expect((await waitForStatus(id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");
      expect(h.fake.requests - calls).toBe(0);
      expect((await board("f1")).scorerVersion).toBe(shown);
    } finally {
      await setEnv({ LEXICAL_NLTK: undefined });
    }
  }, 300_000);
});
