import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAgreementCheck, seededSample } from "@/lib/server/operations/judge-agreement";
import { runJudgeStage } from "@/workers/processors/judge";
import { FAST_RETRY, seedSubmission, testJudgeConfig } from "../../support/judge-fixtures";
import { predictionsWithScores } from "../../support/question-scores";
import { withFakeJudge } from "../../support/with-fake-judge";

// Agreement check: re-judge a seeded sample of judged questions without the cache and compare
// with the stored scores. The fake judge is deterministic (100% agreement); its "shift" mode
// moves 0 and 1 one level toward 0.5 (a drifted judge) and leaves 0.5 alone.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const { db, fake } = withFakeJudge();

async function judged(): Promise<string> {
  const id = await seedSubmission(db);
  await runJudgeStage({ submissionId: id, db, config: testJudgeConfig(fake.baseURL), retryPolicy: FAST_RETRY });
  fake.reset();
  return id;
}

describe("judge agreement check", () => {
  it("a deterministic judge agrees exactly; calls bypass the cache; the report is audited", async () => {
    const id = await judged();
    const before = await predictionsWithScores(db, id);
    const r = await runAgreementCheck({
      submissionId: id,
      db,
      config: testJudgeConfig(fake.baseURL),
      retryPolicy: FAST_RETRY,
      sample: 5,
      seed: 7,
    });
    // 8 non-empty judged answers; the empty answer and the unanswered question were never asked.
    expect(r).toMatchObject({
      eligible: 8,
      sampled: 5,
      compared: 5,
      failed: 0,
      exact: 5,
      withinOne: 5,
      exactRate: 1,
      meanAbsDiff: 0,
      disagreements: [],
    });
    expect(fake.requests).toBeGreaterThan(0); // all questions were cached, yet the judge was asked
    expect(new Set(fake.log.flatMap((l) => l.ids)).size).toBe(5);
    const calls = await db.judgeCall.findMany({ where: { runId: r.runId } });
    expect(calls.length).toBe(fake.requests);
    expect(calls.every((c) => c.purpose === "agreement")).toBe(true);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { targetId: id, action: "judge.agreement" } });
    expect(audit.details).toMatchObject({ runId: r.runId, exact: 5, compared: 5 });
    // Stored scores are untouched.
    const after = await predictionsWithScores(db, id);
    expect(after).toEqual(before);
    // Same seed, same sample.
    fake.reset();
    const again = await runAgreementCheck({
      submissionId: id,
      db,
      config: testJudgeConfig(fake.baseURL),
      retryPolicy: FAST_RETRY,
      sample: 5,
      seed: 7,
    });
    expect(again.exact).toBe(5);
    expect(new Set(fake.log.flatMap((l) => l.ids))).toEqual(new Set(calls.flatMap((c) => c.questionIds as string[])));
  });

  it("a drifted judge shows less exact agreement, all within one level, and the mean difference", async () => {
    const id = await judged();
    fake.mode = { kind: "shift" };
    const r = await runAgreementCheck({
      submissionId: id,
      db,
      config: testJudgeConfig(fake.baseURL),
      retryPolicy: FAST_RETRY,
      sample: 100,
    });
    // Stored: 1, 0.5, 0, 1, 0.5, 0, 1, 1 -> shifted: only the two 0.5 agree exactly.
    expect(r).toMatchObject({
      eligible: 8,
      sampled: 8,
      compared: 8,
      exact: 2,
      withinOne: 8,
      exactRate: 0.25,
      withinOneRate: 1,
    });
    expect(r.meanAbsDiff).toBeCloseTo(0.1875, 12);
    expect(r.disagreements).toHaveLength(6);
    expect(r.disagreements.every((d) => Math.abs(d.stored - d.again) === 0.25)).toBe(true);
  });

  it("the CLI prints the report and exits 0; a bad sample size is a usage error", async () => {
    const id = await judged();
    const env = {
      ...process.env,
      JUDGE_BASE_URL: fake.baseURL,
      JUDGE_API_KEY: "test-key",
      JUDGE_MODEL: "fake-judge-1",
      LOG_LEVEL: "warn",
    };
    // Async spawn: the fake judge lives in this process and must keep answering.
    const run = (args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(ROOT, "bin/h2hmem.mjs"), ...args], { cwd: ROOT, env });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d) => (stdout += d));
        child.stderr.on("data", (d) => (stderr += d));
        child.on("close", (status) => resolve({ status, stdout, stderr }));
      });
    const ok = await run(["judge", "agreement", "--submission", id, "--sample", "3", "--seed", "2"]);
    expect(ok.stderr).toMatch(/^h2hmem: database postgresql:\S+ \(from DATABASE_URL\)\n$/);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/sample: 3 of 8 judged questions \(seed 2\)/);
    expect(ok.stdout).toMatch(
      /exact: 3\/3 \(100\.0%\) · within one level \(0\.25\): 3\/3 \(100\.0%\) · mean \|diff\|: 0\.000/,
    );
    expect(await db.auditEvent.count({ where: { targetId: id, action: "judge.agreement" } })).toBe(1);
    expect((await run(["judge", "agreement", "--submission", id, "--sample", "0"])).status).toBe(2);
    const missing = await run(["judge", "agreement", "--submission", "nope"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/submission nope not found/i);
  }, 60_000);

  it("seededSample is deterministic and a permutation prefix", () => {
    const list = Array.from({ length: 50 }, (_, i) => i);
    expect(seededSample(list, 10, 3)).toEqual(seededSample(list, 10, 3));
    expect(seededSample(list, 10, 3)).not.toEqual(seededSample(list, 10, 4));
    expect(new Set(seededSample(list, 50, 3)).size).toBe(50);
  });
});
