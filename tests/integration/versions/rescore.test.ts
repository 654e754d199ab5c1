import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/generated/prisma/client";
import { JudgeRescoreTable } from "@/app/(site)/admin/_components/judge-rescore-table";
import { createPrismaClient } from "@/lib/server/db";
import { listScorerVersions, rescorePreview, rescorePreviewQuery } from "@/lib/server/operations/rank-diff-preview";
import { seedSubmission } from "../../support/judge-fixtures";
import { WithIntl } from "../../support/intl";

// Re-scoring preview: ranks of approved entries under two scorer versions and the move.

let db: PrismaClient;
beforeAll(() => {
  db = createPrismaClient(process.env.DATABASE_URL);
});
afterAll(async () => {
  await db?.$disconnect();
});

async function entry(name: string, reviewState: "APPROVED" | "REJECTED", scores: Record<string, number>) {
  const id = await seedSubmission(db);
  await db.submission.update({ where: { id }, data: { methodName: name, reviewState } });
  await db.score.createMany({
    data: Object.entries(scores).map(([scorerVersion, value]) => ({
      submissionId: id,
      scorerVersion,
      split: "overall",
      scope: "ALL",
      metric: "judge",
      aggregate: "micro",
      value,
      ciLow: null,
      ciHigh: null,
      n: 10,
    })),
  });
  return id;
}

describe("re-scoring preview", () => {
  it("ranks approved entries under both versions and reports the move; rejected entries are left out", async () => {
    const tag = randomUUID().slice(0, 8);
    const [va, vb] = [`preview-a-${tag}`, `preview-b-${tag}`];
    const a = await entry("Alpha", "APPROVED", { [va]: 0.9, [vb]: 0.5 });
    const b = await entry("Beta", "APPROVED", { [va]: 0.7, [vb]: 0.8 });
    const c = await entry("Gamma", "APPROVED", { [va]: 0.6, [vb]: 0.7 });
    const d = await entry("Delta", "APPROVED", { [va]: 0.5 }); // not re-scored yet
    await entry("Rejected", "REJECTED", { [va]: 0.99, [vb]: 0.99 });

    const rows = await rescorePreview(rescorePreviewQuery.parse({ from: va, to: vb }), db);
    expect(rows.map((r) => [r.id, r.from?.rank ?? null, r.to?.rank ?? null, r.move])).toEqual([
      [b, 2, 1, 1],
      [c, 3, 2, 1],
      [a, 1, 3, -2],
      [d, 4, null, null],
    ]);
    expect((await listScorerVersions(db)).map((v) => v.version)).toEqual(expect.arrayContaining([va, vb]));
    const html = renderToStaticMarkup(createElement(WithIntl, null, createElement(JudgeRescoreTable, { rows })));
    expect(html).toContain("down 2");
    expect(html).toContain("unranked");
    const zh = renderToStaticMarkup(
      createElement(WithIntl, { locale: "zh" }, createElement(JudgeRescoreTable, { rows })),
    );
    expect(zh).toContain("下降 2");
    expect(zh).toContain("未排名");
    // The preview wrote nothing.
    expect(await db.score.count({ where: { scorerVersion: vb } })).toBe(4);
  });

  it("rejects an unknown metric", () => {
    expect(rescorePreviewQuery.safeParse({ from: "a", to: "b", metric: "nope" }).success).toBe(false);
  });
});
