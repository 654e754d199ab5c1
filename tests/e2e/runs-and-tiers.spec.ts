import { expect, test, type Page } from "@playwright/test";

// Issue 50 point 1 and issue 49 point 2 on the seeded demo: Half-Recall has three runs (one board row
// saying "3 runs", its entry page the run spread and flip rate), Near-Oracle was reproduced by a second
// account (the board's ✓R mark with its legend, the tier on the entry page), in English and Chinese, and
// on a phone.

const HALF = "Demo: Half-Recall (synthetic)";
const NEAR = "Demo: Near-Oracle (synthetic)";

// A ranked row, or another track's labelled reference line (the demo's Half-Recall may be placed in full context).
const row = (page: Page, name: string) =>
  page
    .locator('[data-testid="leaderboard-row"], [data-testid="track-reference-row"]')
    .filter({ has: page.getByRole("link", { name, exact: true }) });

async function checkBoardAndPages(page: Page, lang: "en" | "zh") {
  const words =
    lang === "en"
      ? { runs: "3 runs", reproduced: "Reproduced", averaged: "3 runs averaged", one: "1 run: run-to-run" }
      : { runs: "3 次运行", reproduced: "已复现", averaged: "3 次运行取平均", one: "1 次运行：运行间差异未知" };
  await page.goto(`/?lang=${lang}`);
  await expect(row(page, HALF).getByTestId("runs-k")).toHaveText(words.runs);
  await expect(page.getByText("Demo: Near-Oracle, reproduced (synthetic)")).toHaveCount(0); // never a row
  const mark = row(page, NEAR).getByTestId("tier-mark");
  await expect(mark).toContainText("✓R");
  await expect(mark).toHaveAttribute("title", new RegExp(words.reproduced));
  await expect(page.getByTestId("tier-legend")).toContainText(words.reproduced);

  await row(page, HALF).getByRole("link", { name: HALF, exact: true }).click();
  const spread = page.getByTestId("run-spread");
  await expect(spread).toContainText(words.averaged);
  await expect(spread).toContainText("±");
  await expect(spread.getByRole("link")).toHaveCount(3); // each run's own page

  await page.goto(`/?lang=${lang}`);
  await row(page, NEAR).getByRole("link", { name: NEAR, exact: true }).click();
  await expect(page.getByTestId("entry-tier")).toContainText(words.reproduced);
  await expect(page.getByTestId("run-spread")).toContainText(words.one);
  await expect(page.getByTestId("reproductions").locator("li[data-agrees=true]")).toHaveCount(1);
}

test("run spread and tier marks on the board and entry pages, in English and Chinese", async ({ page }) => {
  await checkBoardAndPages(page, "en");
  await checkBoardAndPages(page, "zh");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("the run spread and the tier fit the screen", async ({ page }) => {
    await page.goto("/?lang=en");
    await row(page, HALF).getByRole("link", { name: HALF, exact: true }).click();
    const spread = page.getByTestId("run-spread");
    await expect(spread).toBeVisible();
    const box = (await spread.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(page.getByTestId("entry-tier")).toBeVisible();
    // No sideways scroll of the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
