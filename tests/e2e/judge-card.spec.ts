import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { e2eDatabaseUrl } from "../../playwright.config";

// The judge card's place on About, in English and Chinese. The e2e deployment runs without a
// judge, so first the card says there is none; then the quick start's demo judge is calibrated
// through the worker's own path (tests/support/calibrate-demo-judge.ts) and its version published
// for this file only (restored after it): About shows the numbers the stored run holds.
// The board's per-row "within judge noise" mark and the judge column's link to the card need judge
// scores, which this deployment has none of: tests/unit/components/leaderboard/judge-noise-mark.test.tsx.

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const PUBLISHED = "published_scorer_version";

async function sql<T>(q: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  return q(client).finally(() => client.end());
}

test("About shows the judge card section in English and Chinese", async ({ page }) => {
  await page.goto("/about?lang=en");
  const en = page.getByRole("region", { name: "Judge card" });
  await expect(en).toBeVisible();
  await expect(en).toContainText("The board has no LLM judge, so there is no judge card.");

  await page.goto("/about?lang=zh");
  const zh = page.getByRole("region", { name: "评审卡" });
  await expect(zh).toBeVisible();
  await expect(zh).toContainText("排行榜没有大语言模型评审，因此没有评审卡。");
});

test("GET /api/v1/judge/card: no judge is a 404 with the error body; a bad version a 422", async ({ request }) => {
  const none = await request.get("/api/v1/judge/card");
  expect(none.status()).toBe(404);
  expect((await none.json()).error.code).toBe("NOT_FOUND");
  const bad = await request.get("/api/v1/judge/card?version=no-judge-here");
  expect(bad.status()).toBe(422);
});

test.describe("the demo judge calibrated and published", () => {
  let previous: string | null = null;
  let runId = "";

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const out = await run(
      process.execPath,
      ["--import", "./bin/register.mjs", "tests/support/calibrate-demo-judge.ts"],
      {
        cwd: ROOT,
        timeout: 200_000,
        env: {
          ...process.env,
          DATABASE_URL: e2eDatabaseUrl(),
          REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
          // No worker reads this prefix: the script runs the queued job itself.
          QUEUE_PREFIX: `e2e-card-${process.pid}`,
          LOG_LEVEL: "warn",
        },
      },
    );
    const result = JSON.parse(
      out.stdout
        .trim()
        .split("\n")
        .findLast((l) => l.startsWith('{"version"'))!,
    ) as {
      version: string;
      runId: string;
    };
    runId = result.runId;
    await sql(async (c) => {
      previous = (await c.query(`SELECT value FROM "Setting" WHERE key = $1`, [PUBLISHED])).rows[0]?.value ?? null;
      await c.query(
        `INSERT INTO "Setting" (key, value, "updatedAt") VALUES ($1, $2, now())
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()`,
        [PUBLISHED, result.version],
      );
    });
  });

  // The specs after this one expect the board exactly as it was.
  test.afterAll(async () => {
    await sql((c) =>
      previous === null
        ? c.query(`DELETE FROM "Setting" WHERE key = $1`, [PUBLISHED])
        : c.query(`UPDATE "Setting" SET value = $2, "updatedAt" = now() WHERE key = $1`, [PUBLISHED, previous]),
    );
  });

  test("About shows the filled card, with the stored run's rates, n, intervals and cost, in English and Chinese", async ({
    page,
    request,
  }) => {
    const res = await request.get("/api/v1/judge/card");
    expect(res.status()).toBe(200);
    const card = await res.json();
    expect(card).toMatchObject({ status: "ready", published: true, judge: { model: "h2hmem-demo-judge", demo: true } });
    const stored = (
      await sql((c) =>
        c.query(`SELECT status, sample, usage, results FROM "JudgeCalibrationRun" WHERE id = $1`, [runId]),
      )
    ).rows[0];
    expect(stored.status).toBe("DONE");
    const cal = card.calibration;
    // The questions really judged (the demo key is smaller than the configured sample; issue 45, point 7).
    const judged = (stored.results.items as Array<{ kind: string }>).filter((i) => i.kind === "reference").length;
    expect(cal.sample).toBe(judged);
    expect(judged).toBeLessThanOrEqual(stored.sample);
    expect(cal.cost).toEqual(stored.usage);
    expect(cal.cost.calls).toBeGreaterThan(0);
    expect(cal.overall.falseAccept.n).toBeGreaterThan(0);

    type Rate = { n: number; rate: number | null; ciLow: number | null; ciHigh: number | null };
    const pct = (v: number | null) => (v === null ? "–" : `${(v * 100).toFixed(1)}%`);
    const rate = (r: Rate) => `${pct(r.rate)} [${pct(r.ciLow)}, ${pct(r.ciHigh)}] n=${r.n}`;
    const [calls, prompt, completion] = [cal.cost.calls, cal.cost.promptTokens, cal.cost.completionTokens].map(
      (v: number) => v.toLocaleString("en"),
    );
    const seconds = (cal.cost.wallMs / 1000).toFixed(1);
    const langs = [
      {
        lang: "en",
        name: "Judge card",
        overall: "All categories",
        heads: ["False accepts", "False rejects"],
        cost: `Cost of the calibration: ${calls} calls, ${prompt} prompt and ${completion} completion tokens, ${seconds} s.`,
      },
      {
        lang: "zh",
        name: "评审卡",
        overall: "全部类别",
        heads: ["误判通过", "误判拒绝"],
        cost: `校准成本：${calls} 次调用，${prompt} 个提示 token 和 ${completion} 个生成 token，${seconds} 秒。`,
      },
    ];
    for (const l of langs) {
      await page.goto(`/about?lang=${l.lang}`);
      const region = page.getByRole("region", { name: l.name });
      await expect(region.getByTestId("judge-card")).toHaveAttribute("data-judge-version", card.version);
      const rates = region.getByTestId("judge-card-rates");
      for (const h of l.heads) await expect(rates.getByRole("columnheader", { name: h })).toBeVisible();
      const overall = rates.getByRole("row").filter({ hasText: l.overall });
      await expect(overall).toContainText(rate(cal.overall.falseAccept));
      await expect(overall).toContainText(rate(cal.overall.falseReject));
      for (const c of cal.categories as Array<{ category: string; falseAccept: Rate; falseReject: Rate }>) {
        const row = rates.getByRole("row").filter({ has: page.getByRole("rowheader", { name: c.category }) });
        await expect(row).toContainText(rate(c.falseAccept));
        await expect(row).toContainText(rate(c.falseReject));
      }
      await expect(region).toContainText(l.cost);
    }
  });
});
