import { expect, test } from "@playwright/test";
import { AUTHOR, rawFixture, signIn } from "./helpers";

// Issue 46: on a slow phone the form is on screen before its scripts run. A file chosen then fired no
// change event React saw; the form picks it up once it hydrates and checks it as if chosen afterwards.
test("a file chosen before the page's scripts ran is checked once they do", async ({ page }) => {
  await signIn(page, AUTHOR);
  // Scripts only: held stylesheets would block the parser, and the form with it.
  let release = () => {};
  const scripts = new Promise<void>((r) => (release = r));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await scripts;
    await route.continue();
  });
  await page.goto("/submit", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Dyadic predictions").setInputFiles(rawFixture("errors/prediction_dyadic.json"));
  await expect(page.getByTestId("dyadic-issues")).toHaveCount(0);
  release();
  const issues = page.getByTestId("dyadic-issues");
  await expect(issues).toBeVisible();
  await expect(issues).toContainText("/predictions/0/system_answer");
  await expect(page.getByTestId("dyadic-selected")).toContainText("prediction_dyadic.json");
});
