import { randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeCardView } from "@/components/judge-card/judge-card-view";
import * as cardRoute from "@/app/api/v1/judge/card/route";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { ensureCalibration, requestPanelRun } from "@/lib/server/operations/calibration-runs";
import { requestAgreementCheck } from "@/lib/server/operations/agreement-runs";
import { judgeCardSchema } from "@/lib/server/scores/judge-card-schema";
import { judgeNoiseMarks, withinNoisePairs } from "@/lib/server/scores/judge-card";
import { runCalibrationJob } from "@/workers/processors/judge-calibration";
import { createCalibrationWorker } from "@/workers/calibration-worker";
import { startReconciler } from "@/workers/reconciler";
import { runAgreementJob } from "@/workers/processors/judge-agreement";
import { runJudgeStage } from "@/workers/processors/judge";
import { FakeJudgeServer } from "../../../scripts/dev/fake-judge-server";
import { withIsolatedDatabase } from "../../support/isolated-db";
import { setEnv, waitFor } from "../../support/pipeline-helpers";
import { FAST_RETRY, testJudgeConfig } from "../../support/judge-fixtures";

// The judge card end to end: deterministic fake judges over real HTTP, the calibration and panel
// runs as the worker runs them (Postgres rows, the Redis-shared rate gate), read back through
// GET /api/v1/judge/card. A small key whose topical answers are known: in each dialogue of two
// questions the "topical but wrong" answer is the other question's reference.

withIsolatedDatabase("judge-card");
const log = logger.child({ test: "judge-card" });
const primary = new FakeJudgeServer();
const panel = new FakeJudgeServer();
const prefix = `${process.env.QUEUE_PREFIX ?? "test"}-card-${process.pid}`;
const REFUSAL = "Not mentioned in the conversation.";
const KEY = [
  { id: "A", dialogue: 1, category: "UPR", q: "Which fruit did Ann buy?", a: "red apple" },
  { id: "B", dialogue: 1, category: "UPR", q: "Which fruit did Bob buy?", a: "green apple" },
  { id: "C", dialogue: 2, category: "KR", q: "Where does Cy live?", a: "Paris" },
  { id: "D", dialogue: 2, category: "AR", q: "What is Cy's blood type?", a: REFUSAL },
];
let keyId = "";

async function useJudge(model: string, server: FakeJudgeServer, extra: Record<string, string | undefined> = {}) {
  await setEnv({
    JUDGE_BASE_URL: server.baseURL,
    JUDGE_API_KEY: "k",
    JUDGE_MODEL: model,
    QUEUE_PREFIX: prefix,
    ...extra,
  });
}

async function calibrate(): Promise<void> {
  const run = await ensureCalibration();
  expect(run?.status).toBe("QUEUED");
  expect(await runCalibrationJob(run!.id, log)).toBe("DONE");
  // Ensured again: the done run is found, nothing new is queued.
  expect((await ensureCalibration())?.id).toBe(run!.id);
}

async function card(query = "") {
  const res = await cardRoute.GET(new Request(`http://localhost/api/v1/judge/card${query}`), {
    params: Promise.resolve({}),
  } as never);
  expect(res.status).toBe(200);
  return judgeCardSchema.parse(await res.json());
}

async function entry(answers: Record<string, string>, model: string, server: FakeJudgeServer): Promise<string> {
  const user = await db.user.upsert({
    where: { email: "card@example.org" },
    create: { email: "card@example.org" },
    update: {},
  });
  const refs = await db.referenceQuestion.findMany({ where: { versionId: keyId } });
  const sub = await db.submission.create({
    data: {
      userId: user.id,
      methodName: `M-${Object.values(answers).join("|")}`,
      contentSha256: randomUUID(),
      answerKeyVersionId: keyId,
      status: "JUDGING",
      reviewState: "APPROVED",
    },
  });
  await db.prediction.createMany({
    data: KEY.map((k, i) => ({
      submissionId: sub.id,
      split: "dyadic",
      index: i,
      questionText: k.q,
      systemAnswer: answers[k.id],
      originalAnswer: k.a,
      category: k.category,
      referenceQuestionId: refs.find((r) => r.qid.endsWith(`/${i}`) && r.dialogue === k.dialogue)!.id,
    })),
  });
  await runJudgeStage({
    submissionId: sub.id,
    db,
    config: testJudgeConfig(server.baseURL, { model }),
    retryPolicy: FAST_RETRY,
  });
  return sub.id;
}

beforeAll(async () => {
  await Promise.all([primary.start(), panel.start()]);
  const v = await db.answerKeyVersion.create({
    data: { label: "card key", contentSha256: "c".repeat(64), questionCount: KEY.length, active: true },
  });
  keyId = v.id;
  await db.referenceQuestion.createMany({
    data: KEY.map((k, i) => ({
      versionId: v.id,
      qid: `dyadic/dialogue${k.dialogue}/session0/${i}`,
      split: "dyadic",
      dialogue: k.dialogue,
      session: 0,
      index: i,
      questionText: k.q,
      category: k.category,
      mainType: k.category === "AR" ? "APPLICATION" : "RECALL",
      difficulty: "medium",
      answer: k.a,
    })),
  });
});

afterAll(async () => {
  await Promise.all([primary.close(), panel.close()]);
  await setEnv({
    JUDGE_BASE_URL: undefined,
    JUDGE_API_KEY: undefined,
    JUDGE_MODEL: undefined,
    JUDGE_PANEL_BASE_URL: undefined,
    JUDGE_PANEL_MODEL: undefined,
    QUEUE_PREFIX: process.env.QUEUE_PREFIX,
  });
});

describe("judge card", () => {
  it("a lenient judge (full marks for any answer) accepts every wrong answer; through the same HTTP client, never the cache", async () => {
    primary.reset();
    primary.mode = { kind: "lenient" };
    await useJudge("fake-lenient", primary);
    await calibrate();
    const c = await card("?version=fake-lenient@" + (await currentScorerVersion()).split("@").pop());
    expect(c).toMatchObject({ status: "ready", published: true, judge: { model: "fake-lenient", demo: false } });
    // Expected 0: 4 topical answers (each dialogue's other reference) and 3 refusals (the AR one is correct).
    expect(c.calibration!.overall.falseAccept).toMatchObject({ n: 7, count: 7, rate: 1 });
    expect(c.calibration!.overall.falseReject).toMatchObject({ n: 4, count: 0, rate: 0 });
    expect(c.calibration!.overall.meanScore).toEqual({ reference: 1, topical: 1, refusal: 1 });
    expect(c.calibration!.categories.map((x) => x.category)).toEqual(["UPR", "KR", "AR"]);
    // The sample it really used (the key's 4 questions), not the configured size (issue 45, point 7).
    expect(c.calibration!.sample).toBe(4);
    // One request per kind and session (batched like a submission), every one counted.
    expect(c.calibration!.cost.calls).toBe(primary.requests);
    expect(primary.requests).toBe(6);
    expect(c.calibration!.cost.promptTokens).toBeGreaterThan(0);
    expect(await db.judgeCache.count()).toBe(0);
    expect(await db.auditEvent.count({ where: { action: "judge.calibration" } })).toBe(1);
  });

  it("a faithful judge (1 only for the reference) accepts no wrong answer", async () => {
    primary.reset();
    primary.mode = { kind: "faithful" };
    await useJudge("fake-faithful", primary);
    await calibrate();
    const c = await card();
    expect(c.version).toMatch(/^fake-faithful@h2h2-/);
    expect(c.calibration!.overall.falseAccept).toMatchObject({ n: 7, count: 0, rate: 0, ciLow: 0, ciHigh: 0 });
    expect(c.calibration!.overall.falseReject.rate).toBe(0);
    expect(c.calibration!.overall.meanScore).toEqual({ reference: 1, topical: 0, refusal: 0.25 });
    // The other judge's card is still there, by version.
    const lenient = await card("?version=fake-lenient@" + c.judge.promptVersion);
    expect(lenient.published).toBe(false);
    expect(lenient.calibration!.overall.falseAccept.rate).toBe(1);
  });

  it("a noisy judge: repeated judgements differ, and the card puts an SD on an entry's mean", async () => {
    primary.reset();
    primary.mode = { kind: "noisy" };
    await useJudge("fake-noisy", primary);
    const id = await entry(
      { A: "red apple", B: "apple", C: "Paris France", D: "Not mentioned" },
      "fake-noisy",
      primary,
    );
    const check = await requestAgreementCheck({ submissionId: id, sample: 4 });
    expect((await runAgreementJob(check.id, log))?.status).toBe("DONE");
    const c = await card();
    expect(c.status).toBe("none");
    expect(c.noise!.checks).toBe(1);
    expect(c.noise!.compared).toBe(4);
    expect(c.noise!.differ).toBeGreaterThan(0);
    expect(c.noise!.perQuestionSd).toBeGreaterThan(0);
    // The board marks neighbours this close as within judge noise (rank order, whatever the sort).
    const row = (id: string, rank: number, value: number) => ({ id, rank, overall: { value, n: 4 } });
    const marked = await withinNoisePairs([row("c", 3, 0.1), row("a", 1, 0.5), row("b", 2, 0.49)]);
    expect(marked.measured).toBe(true);
    expect(marked.pairs.map(({ a, b }) => [a.id, b.id])).toEqual([["a", "b"]]);
    // Each row of such a pair carries the mark, naming its neighbour's rank.
    expect(await judgeNoiseMarks([row("c", 3, 0.1), row("a", 1, 0.5), row("b", 2, 0.49)])).toEqual({ a: [2], b: [1] });
    // A faithful (deterministic) judge's repeats never differ.
    primary.reset();
    primary.mode = { kind: "faithful" };
    await useJudge("fake-faithful", primary);
    const same = await entry({ A: "red apple", B: "apple", C: "Paris", D: "x" }, "fake-faithful", primary);
    await runAgreementJob((await requestAgreementCheck({ submissionId: same, sample: 4 })).id, log);
    expect((await card()).noise).toMatchObject({ checks: 1, compared: 4, differ: 0, differRate: 0, perQuestionSd: 0 });
  });

  it("a panel of two judges that disagree: kappa and tau equal the hand-computed values; published scores unchanged", async () => {
    await db.submission.deleteMany({});
    primary.reset();
    primary.mode = null; // 1 exact, 0.5 when a word is shared, else 0
    panel.reset();
    panel.mode = { kind: "faithful" };
    await useJudge("fake-judge-1", primary, { JUDGE_PANEL_BASE_URL: panel.baseURL, JUDGE_PANEL_MODEL: "fake-panel" });
    await calibrate();
    // Primary vs panel: E1 .625 vs .25; E2 .5 vs .5; E3 .75 vs .75.
    const e1 = await entry(
      { A: "red apple", B: "apple", C: "Paris France", D: "Not mentioned" },
      "fake-judge-1",
      primary,
    );
    const e2 = await entry({ A: "red apple", B: "green apple", C: "Rome", D: "Tokyo" }, "fake-judge-1", primary);
    const e3 = await entry({ A: "red apple", B: "green apple", C: "Paris", D: "Rome" }, "fake-judge-1", primary);
    const before = await db.score.findMany({ orderBy: { id: "asc" } });
    const run = await requestPanelRun(null);
    expect(await runCalibrationJob(run.id, log)).toBe("DONE");
    expect(await db.score.findMany({ orderBy: { id: "asc" } })).toEqual(before);

    const c = (await card()).panel!;
    expect(c.model).toBe("fake-panel");
    // Calibration pairs (primary, panel): references (1,1) x4; topical A, B (0.5, 0), C, D (0, 0);
    // refusals (0, 0) x3 and D (1, 1). Linear weights on levels 0..4: observed 2 x 0.5 / 12 = 1/12;
    // expected from margins primary {1:5, .5:2, 0:5}, panel {1:5, 0:7}: (35 + 5 + 7 + 25) / 144 = 1/2.
    expect(c.kappa.overall.n).toBe(12);
    expect(c.kappa.overall.kappa).toBeCloseTo(1 - 1 / 12 / 0.5, 12);
    // KR (C alone): perfect agreement; AR (D alone): both rate 1,0,1 -> perfect.
    expect(c.kappa.categories.find((k) => k.category === "KR")!.kappa).toBeCloseTo(1, 12);
    // Rankings: primary E3 > E1 > E2, panel E3 > E2 > E1: pairs (E1,E2) discordant, the other two concordant.
    expect(c.ranking.n).toBe(3);
    expect(c.ranking.tau).toBeCloseTo(1 / 3, 12);
    expect(c.ranking.changes.map((x) => [x.id, x.primaryRank, x.panelRank])).toEqual([
      [e1, 2, 3],
      [e2, 3, 2],
    ]);
    expect(c.ranking.changes.map((x) => x.id)).not.toContain(e3);
    // Issue 47: an entry that is no longer public is not named by the card (the run's n and tau stay).
    const { methodName: e2Name } = await db.submission.update({
      where: { id: e2 },
      data: { reviewState: "REJECTED" },
      select: { methodName: true },
    });
    const hidden = (await card()).panel!.ranking;
    expect(hidden).toMatchObject({ n: 3, tau: c.ranking.tau });
    expect(hidden.changes.map((x) => x.id)).toEqual([e1]);
    expect(JSON.stringify(hidden)).not.toContain(e2Name);
    await db.submission.update({ where: { id: e2 }, data: { reviewState: "APPROVED" } });

    // The card as About shows it, in both languages: default fake judge, 2 of 7 wrong answers accepted.
    const full = await card();
    expect(full.calibration!.overall.falseAccept).toMatchObject({ n: 7, count: 2 });
    const en = renderToStaticMarkup(await JudgeCardView({ card: full, locale: "en" }));
    for (const text of ["False accepts", "28.6%", "All categories", "0.833", "0.333", "Second judge", "fake-panel"])
      expect(en).toContain(text);
    const zh = renderToStaticMarkup(await JudgeCardView({ card: full, locale: "zh" }));
    for (const text of ["误判通过", "28.6%", "全部类别", "0.833", "0.333", "第二评审"]) expect(zh).toContain(text);
  });

  it("the demo judge of the quick start is calibrated by the worker on its own (reconciler -> queue -> calibration worker)", async () => {
    primary.reset();
    await useJudge("ignored", primary, { JUDGE_DEMO: "true" });
    const calibration = createCalibrationWorker(log);
    const reconciler = startReconciler(log, 600_000);
    try {
      const c = await waitFor(async () => {
        const got = await card();
        return got.status === "ready" ? got : null;
      }, "the demo judge's card");
      expect(c.judge).toMatchObject({ model: "h2hmem-demo-judge", demo: true });
      expect(c.calibration!.overall.falseReject.n).toBe(4);
      expect(primary.requests).toBe(c.calibration!.cost.calls);
    } finally {
      await reconciler.stop();
      await calibration.worker.close();
      await setEnv({ JUDGE_DEMO: undefined });
    }
  });

  it("rejects a version that names no judge", async () => {
    const res = await cardRoute.GET(new Request("http://localhost/api/v1/judge/card?version=nojudge"), {
      params: Promise.resolve({}),
    } as never);
    expect(res.status).toBe(422);
  });
});
