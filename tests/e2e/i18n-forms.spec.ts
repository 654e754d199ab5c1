import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { AUTHOR, rawFixture, signIn } from "./helpers";

// The forms in Simplified Chinese (issue 17 "Done when": the submit page with a validation error
// in Chinese). The locale comes from `?lang=zh`, which also sets the cookie for later pages.

test("the submit page in Chinese shows the browser check's validation errors in Chinese", async ({ page }) => {
  await signIn(page, AUTHOR);
  await page.goto("/submit?lang=zh");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("提交预测");
  await page.getByLabel("双人对话预测").setInputFiles(rawFixture("errors/prediction_dyadic.json"));
  const issues = page.getByTestId("dyadic-issues");
  await expect(issues).toBeVisible();
  // File, JSON path and the translated message and fix, with the parameters filled in.
  await expect(issues).toContainText("/predictions/0/system_answer");
  await expect(issues).toContainText("“system_answer”必须是字符串，实际为数字。");
  // The fix gives the field's hint with its example, as the English one does (issue 32); people read "item 1".
  await expect(issues).toContainText("请使用普通字符串：你的系统给出的答案");
  await expect(issues).toContainText("第 1 项（system_answer）");
  await expect(issues).toContainText('问题的子类型，例如 "Unimodal Precise Recall"');
  await expect(issues).toContainText("/predictions/2/category");
  await expect(issues).toContainText("未知类别");
  await expect(issues).not.toContainText("must be a string");
  await page.getByLabel("方法名称").fill("不应上传");
  // The button says which file blocks the upload (issue 45, point 6).
  await page.getByRole("button", { name: "无法上传：prediction_dyadic.json 有错误（见上方列表）" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "上传前请先修正文件下方列出的错误" })).toBeVisible();
  await expect(page).toHaveURL(/\/submit/);
});

test("the sign-in page in Chinese, with its error in Chinese", async ({ page }) => {
  await page.goto("/signin?lang=zh");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("登录");
  await expect(page).toHaveTitle(/登录/);
  await page.getByLabel("电子邮箱").fill(AUTHOR.email);
  await page.getByLabel("密码").fill("definitely-wrong");
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page.locator("#signin-error")).toHaveText("电子邮箱或密码不正确。");
});

for (const lang of ["en", "zh"]) {
  test(`no serious accessibility violations on /submit in ${lang}`, async ({ page }) => {
    await signIn(page, AUTHOR);
    await page.goto(`/submit?lang=${lang}`);
    await page.getByTestId("quota").waitFor();
    // With the validation errors shown, the state the Chinese reader is most likely to be in.
    await page.locator('input[name="dyadic"]').setInputFiles(rawFixture("errors/prediction_dyadic.json"));
    await expect(page.getByTestId("dyadic-issues")).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes)`)).toEqual([]);
  });
}
