// Issue 17, point 4: the quick start's demo entries carry judge scores from the bundled fake judge,
// produced by the seed's real pipeline (judge stage, HTTP to the fake server), and labelled "demo
// judge" in the API, on the board and on the entry page. A database seeded before the demo judge
// existed (lexical only) is re-scored by the next seed. Own database.
import { spawn } from "node:child_process";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as entryGet } from "@/app/api/v1/entries/[id]/route";
import { GET as leaderboardGet } from "@/app/api/v1/leaderboard/route";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { db } from "@/lib/server/db";
import { DEMO_JUDGE_MODEL, resetEnvCache } from "@/lib/server/env";
import { judgeOfVersion } from "@/lib/server/judge/demo-judge";
import { getLeaderboard } from "@/lib/server/leaderboard/view";
import { parseLeaderboardParams } from "@/lib/server/leaderboard/params";
import { entryBadge } from "@/lib/server/exports/badge";
import { listForReview } from "@/lib/server/review/review-queue";
import { fakeGrade, startFakeJudgeServer, type FakeJudgeServer } from "@/scripts/dev/fake-judge-server";
import { TS } from "../../../scripts/dev/services.mjs";
import { ctx, req } from "../../support/api-helpers";
import { withIsolatedDatabase } from "../../support/isolated-db";
import { renderIntl } from "../../support/render-intl";
import { ROOT } from "../../support/pipeline-helpers";

withIsolatedDatabase("demo-judge");

let judge: FakeJudgeServer;
beforeAll(async () => {
  judge = await startFakeJudgeServer();
});
afterAll(async () => {
  await judge.close();
  for (const k of ["JUDGE_BASE_URL", "JUDGE_API_KEY", "JUDGE_DEMO"]) delete process.env[k];
  resetEnvCache();
});

const base = { LOG_LEVEL: "warn", QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-demojudge-${process.pid}` };
// Asynchronous: the fake judge answers from this process's event loop while the seed runs.
const seed = (extra: Record<string, string>) =>
  new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...TS, "prisma/seed.ts"], {
      cwd: ROOT,
      env: { ...process.env, ...base, ...extra },
      stdio: ["ignore", "ignore", "pipe"],
      timeout: 240_000,
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stderr }));
  });

type BoardJson = {
  scorerVersion: string;
  judge: { model: string; demo: boolean } | null;
  entries: Array<{ id: string; overall: { value: number } }>;
};
const board = async (metric: string) =>
  (await (
    await leaderboardGet(req(`http://localhost/api/v1/leaderboard?metric=${metric}`), ctx({}))
  ).json()) as BoardJson;

describe("demo judge", () => {
  it("scores the demo entries through the judge stage against the fake judge, labelled demo everywhere", async () => {
    // A database seeded without a judge (as before the demo judge): lexical only.
    const lexical = await seed({ JUDGE_BASE_URL: "" });
    expect(lexical.status, lexical.stderr).toBe(0);
    expect(judge.requests).toBe(0);
    const before = await board("f1");
    expect(before.judge).toBeNull();
    expect(before.entries.length).toBeGreaterThan(0);

    // The quick start's configuration: the fake judge, JUDGE_DEMO=true.
    const demoEnv = { JUDGE_BASE_URL: judge.baseURL, JUDGE_API_KEY: "fake", JUDGE_DEMO: "true" };
    const judged = await seed(demoEnv);
    expect(judged.status, judged.stderr).toBe(0);
    expect(judge.requests).toBeGreaterThan(0);
    expect(new Set(judge.log.map((l) => l.model))).toEqual(new Set([DEMO_JUDGE_MODEL]));

    Object.assign(process.env, demoEnv);
    resetEnvCache();
    const after = await board("judge");
    expect(after.scorerVersion).toContain(`+judge=${DEMO_JUDGE_MODEL}@`);
    expect(after.judge).toMatchObject({ model: DEMO_JUDGE_MODEL, demo: true });
    // The same demo entries, now ranked by their judge scores.
    expect(after.entries.map((e) => e.id).sort()).toEqual(before.entries.map((e) => e.id).sort());
    expect(after.entries.every((e) => e.overall.value >= 0 && e.overall.value <= 1)).toBe(true);

    // Every judged question carries the fake judge's grade of that answer (real outputs, not typed in).
    const rows = await db.questionScore.findMany({
      where: { scorerVersion: after.scorerVersion, judgeScore: { not: null } },
      select: {
        judgeScore: true,
        prediction: { select: { systemAnswer: true, referenceQuestion: { select: { answer: true } } } },
      },
    });
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows)
      expect(r.judgeScore).toBe(
        r.prediction.systemAnswer.trim() === ""
          ? 0
          : fakeGrade(r.prediction.referenceQuestion!.answer, r.prediction.systemAnswer),
      );
    expect(new Set(rows.map((r) => r.judgeScore)).size).toBeGreaterThan(1);

    const id = after.entries[0]!.id;
    const entry = (await (await entryGet(req(`http://localhost/api/v1/entries/${id}`), ctx({ id }))).json()) as {
      judge: { model: string; demo: boolean };
      scores: Array<{ metric: string }>;
    };
    expect(entry.judge).toMatchObject({ model: DEMO_JUDGE_MODEL, demo: true });
    expect(entry.scores.some((s) => s.metric === "judge")).toBe(true);

    // The board's headline cells and column say so.
    const view = await getLeaderboard(parseLeaderboardParams({ metric: "judge" }));
    const html = renderIntl(
      createElement(LeaderboardTable, {
        entries: view.entries,
        params: view.params,
        lowNMin: 0,
        demoJudge: judgeOfVersion(view.scorerVersion)?.demo,
      }),
    );
    expect(html.match(/data-testid="demo-judge"/g)?.length).toBe(view.entries.length);
    expect(html).toContain("LLM judge (demo judge)");

    // The README badge and the review queue say it too (issue 45, point 7).
    expect((await entryBadge(id)).message).toMatch(/^#\d+ · demo judge \d\.\d{3}$/);
    const queued = (await listForReview("all")).find((s) => s.id === id)!;
    expect(queued.headline.judgeLabel).toBe("demo judge");
  }, 600_000);
});
