// Backbone-aware board: ?backbone= filters by the maintained list; the entry page compares an
// entry with the best other entry on the same backbone, with a paired bootstrap interval.
import { describe, expect, it } from "vitest";
import * as leaderboardRoute from "@/app/api/v1/leaderboard/route";
import { db } from "@/lib/server/db";
import { sameBackboneComparison } from "@/lib/server/leaderboard/same-backbone";
import { replaceLexicalQuestionScores } from "@/lib/server/scores/question-scores";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { ctx, req } from "../../support/api-helpers";
import { seedSubmission } from "../../support/judge-fixtures";
import { withIsolatedDatabase } from "../../support/isolated-db";
import { createElement } from "react";
import { renderIntl } from "../../support/render-intl";
import { CostChart } from "@/components/leaderboard/cost-chart";
import { costPoints } from "@/lib/server/leaderboard/cost-chart";
import { getLeaderboard } from "@/lib/server/leaderboard/view";
import { parseLeaderboardParams } from "@/lib/server/leaderboard/params";

withIsolatedDatabase("backbones");

/** An approved entry whose per-question F1 are `f1s` (key order) and whose headline is their mean. */
async function entry(name: string, backbone: string | null, f1s: number[], isBaseline = false): Promise<string> {
  const id = await seedSubmission(db);
  const v = await currentScorerVersion();
  await db.submission.update({
    where: { id },
    data: { methodName: name, backbone, isBaseline, reviewState: "APPROVED", status: "SCORED" },
  });
  const preds = await db.prediction.findMany({
    where: { submissionId: id, referenceQuestionId: { not: null } },
    orderBy: [{ split: "asc" }, { index: "asc" }],
  });
  const rows = preds.map((p, i) => ({
    split: p.split,
    index: p.index,
    precision: 0,
    recall: 0,
    f1: f1s[i % f1s.length]!,
    bleu1: 0,
  }));
  await db.$transaction((tx) => replaceLexicalQuestionScores(tx, id, v, rows));
  const mean = rows.reduce((s, r) => s + r.f1, 0) / rows.length;
  await db.score.create({
    data: {
      submissionId: id,
      scorerVersion: v,
      split: "overall",
      scope: "ALL",
      metric: "f1",
      aggregate: "micro",
      value: mean,
      ciLow: mean - 0.01,
      ciHigh: mean + 0.01,
      n: rows.length,
    },
  });
  return id;
}

describe("backbones", () => {
  it("filters the board by backbone and compares an entry with the best other one on its backbone", async () => {
    const a = await entry("Qwen A", "Qwen2.5-VL-7B", [0.9]);
    const b = await entry("Qwen baseline", "qwen2.5-vl-7b-instruct", [0.5], true);
    const c = await entry("Nano C", "GPT-4.1-nano", [0.95]);
    const d = await entry("Custom D", "My VLM", [0.2]);

    const ids = async (q: string) => {
      const r = await leaderboardRoute.GET(req(`/api/v1/leaderboard${q}`), ctx({}));
      expect(r.status).toBe(200);
      const body = (await r.json()) as { filters: { backbone: string | null }; entries: Array<{ id: string }> };
      return { backbone: body.filters.backbone, ids: body.entries.map((e) => e.id) };
    };
    expect(await ids("?backbone=Qwen2.5-VL-7B-Instruct")).toEqual({ backbone: "Qwen2.5-VL-7B-Instruct", ids: [a, b] });
    expect(await ids("?backbone=gpt-4.1-nano")).toEqual({ backbone: "GPT-4.1-nano", ids: [c] });
    expect(await ids("?backbone=other")).toEqual({ backbone: "other", ids: [d] });
    expect((await ids("")).ids.sort()).toEqual([a, b, c, d].sort());

    const cmp = (await sameBackboneComparison(b, "f1"))!;
    expect(cmp).toMatchObject({ backbone: "Qwen2.5-VL-7B-Instruct", other: { id: a, methodName: "Qwen A" } });
    expect(cmp.diff).toBeCloseTo(-0.4, 12);
    expect(cmp.paired!.diff).toBeCloseTo(-0.4, 12);
    expect(cmp.paired!.ciLow).toBeLessThanOrEqual(cmp.paired!.diff);
    expect(cmp.paired!.ciHigh).toBeGreaterThanOrEqual(cmp.paired!.diff);
    expect((await sameBackboneComparison(a, "f1"))!.other.id).toBe(b);
    expect(await sameBackboneComparison(c, "f1")).toBeNull(); // alone on its backbone
    expect(await sameBackboneComparison(d, "f1")).toBeNull(); // "other" is not one model

    // Score against a self-reported cost: entries that reported it, by cost, with the Pareto front,
    // recomputed for the filtered view.
    await db.submission.update({ where: { id: a }, data: { answerSecondsPerQuestion: 5 } });
    await db.submission.update({ where: { id: b }, data: { answerSecondsPerQuestion: 1 } });
    await db.submission.update({ where: { id: c }, data: { answerSecondsPerQuestion: 3 } });
    const view = async (q: Record<string, string>) =>
      costPoints((await getLeaderboard(parseLeaderboardParams(q), { all: true })).entries, "answerSecondsPerQuestion");
    const all = await view({});
    expect(all.map((p) => [p.id, p.cost, p.pareto])).toEqual([
      [b, 1, true],
      [c, 3, true],
      [a, 5, false],
    ]);
    expect((await view({ backbone: "Qwen2.5-VL-7B-Instruct" })).map((p) => [p.id, p.pareto])).toEqual([
      [b, true],
      [a, true],
    ]);
    expect(
      await costPoints((await getLeaderboard(parseLeaderboardParams({}), { all: true })).entries, "tokensPerQuestion"),
    ).toEqual([]);
    const html = renderIntl(
      createElement(CostChart, { points: all, field: "answerSecondsPerQuestion", metricLabel: "F1", hidden: {} }),
    );
    expect(html.match(/data-testid="cost-point"/g)).toHaveLength(3);
    expect(html).toContain('data-testid="pareto-front"');
    expect(html.match(/<tr /g)).toHaveLength(4); // header + one row per point: the data-table alternative
  });
});
