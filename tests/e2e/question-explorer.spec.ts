import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { AUTHOR, signIn } from "./helpers";

// Issue 50: the question explorer and a gold-answer report, in both languages, without JavaScript
// (filters are a GET form and links) and on a phone. The seed's demo entries answer every question,
// and the seed leaves one accepted correction on dyadic/dialogue1/session1/0.

const CORRECTED = "dyadic/dialogue1/session1/0";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("lists the questions with their numbers, filters by a GET form, and shows the no-entry-solves view", async ({
    page,
  }) => {
    await page.goto("/questions");
    await expect(page.getByRole("heading", { level: 1, name: "Question explorer" })).toBeVisible();
    const rows = page.getByTestId("question-row");
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId("question-summary")).toContainText(/\d+ approved entries/);
    // The demo's 4 entries answer each question: numbers are shown, not hidden.
    await expect(rows.first().getByTestId("stats-hidden")).toHaveCount(0);
    await expect(page.getByTestId("ceilings")).toContainText("UPR");
    // The corrected question says so in the list.
    await expect(rows.filter({ hasText: CORRECTED }).first()).toContainText("1 accepted, 0 pending");

    await page.getByLabel("Category", { exact: true }).selectOption("CD");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/category=CD/);
    const n = await rows.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) await expect(rows.nth(i).locator("td").nth(2)).toContainText("CD");

    await page.goto("/questions");
    await page.getByTestId("unsolved-link").click();
    await expect(page).toHaveURL(/unsolved=1/);
    await expect(page.getByRole("link", { name: "Show all questions" })).toBeVisible();
  });

  test("a question's page in Chinese: its gold answer, the entries' results and the accepted correction", async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL }]);
    await page.goto(`/questions/${CORRECTED}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`题目 ${CORRECTED}`);
    await expect(page.getByTestId("gold-answer")).toHaveText("Fourteen kilometres.");
    expect(await page.getByTestId("question-results").locator("tbody tr").count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId("report-accepted")).toContainText("已接受的更正");
    await expect(page.getByTestId("corrected-answer")).toContainText("Fourteen kilometres (14 km).");
    await expect(page.getByTestId("report-signin")).toHaveText("登录后报告这个标准答案");
    await page.goto("/questions?lang=zh");
    await expect(page.getByRole("heading", { level: 1, name: "题目浏览" })).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a signed-in author reports a gold answer, in English then in Chinese", async ({ page, context }) => {
    await signIn(page, AUTHOR);
    const stamp = Date.now().toString(36);
    await page.goto("/questions/dyadic/dialogue1/session1/1#reports");
    const form = page.getByTestId("report-form");
    await form.getByLabel("ambiguous").check();
    await form.getByLabel("The answer you propose").fill(`Lake Verrin (e2e ${stamp})`);
    await form.getByLabel(/^Why/).fill("The image caption names the lake differently.");
    await form.getByRole("button", { name: "Send the report" }).click();
    await expect(page.getByTestId("report-message")).toContainText("Thank you");
    await expect(page.getByTestId("report-pending").filter({ hasText: `e2e ${stamp}` })).toContainText("Pending");
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(w).toBeLessThanOrEqual(390);

    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL }]);
    await page.goto("/questions/dyadic/dialogue1/session1/2#reports");
    const zh = page.getByTestId("report-form");
    await zh.getByLabel("你建议的答案").fill(`因为下午有雷暴 (e2e ${stamp})`);
    await zh.getByLabel(/^理由/).fill("截图显示的是下午的雷暴预报。");
    await zh.getByRole("button", { name: "提交报告" }).click();
    await expect(page.getByTestId("report-message")).toContainText("谢谢");
    await expect(page.getByTestId("report-pending").filter({ hasText: `e2e ${stamp}` })).toContainText("待处理");
  });
});
