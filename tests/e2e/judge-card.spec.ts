import { expect, test } from "@playwright/test";

// The judge card's place on About, in English and Chinese. The e2e deployment runs without a
// judge (no JUDGE_BASE_URL), so the card says there is none and the API answers 404; the filled
// card (rates, noise, panel) is rendered in both languages by tests/integration/judge/judge-card.test.ts.

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
