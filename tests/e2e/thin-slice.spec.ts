import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, AUTHOR, signIn, signOut, uniquePredictionFile } from "./helpers";

async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes)`)).toEqual([]);
}

// The whole product in one path: an author uploads, the worker scores, an admin approves,
// and the entry appears on the public leaderboard.
test("author submits, worker scores, admin approves, entry is on the leaderboard", async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}`;
  const method = `E2E Memory ${stamp}`;

  await signIn(page, AUTHOR);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Submit" }).click();
  await expect(page.getByTestId("quota")).toContainText("more submission");
  await page.getByLabel("Dyadic predictions").setInputFiles(uniquePredictionFile("good/prediction_dyadic.json", stamp));
  await page
    .getByLabel("Multi-party predictions")
    .setInputFiles(uniquePredictionFile("good/prediction_multiparty.json", stamp));
  await expect(page.getByTestId("dyadic-valid")).toContainText("predictions");
  await expect(page.getByTestId("multiparty-valid")).toContainText("predictions");
  await expect(page.getByTestId("dyadic-selected")).toContainText("prediction_dyadic.json");
  await page.getByLabel("Method name").fill(method);
  await page.getByLabel("Organization").fill("E2E Lab");
  await page.getByLabel("Input modality").selectOption("multimodal");
  await page.getByRole("button", { name: "Upload and score" }).click();

  await expect(page).toHaveURL(/\/submissions\/[a-z0-9]+$/);
  await expect(page.getByTestId("submission-title")).toHaveText(method);
  // The page polls the API; the worker finishes in seconds.
  await expect(page.getByTestId("submission-status")).toHaveText("scored", { timeout: 60_000 });
  await expect(page.getByTestId("scores-overall")).toBeVisible();
  await expect(page.getByTestId("prediction-table")).toBeVisible();
  await expect(page.getByTestId("file-hashes")).toContainText("sha-256");
  await expect(page.getByTestId("review-state")).toHaveText("pending");
  await expectAccessible(page);

  // Not public before approval.
  await page.goto(`/?q=${encodeURIComponent(method)}`);
  await expect(page.getByTestId("leaderboard-empty")).toBeVisible();

  await signOut(page);
  await signIn(page, ADMIN);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
  const card = page.getByTestId("review-card").filter({ hasText: method });
  await expect(card).toBeVisible();
  await expect(card).toContainText(AUTHOR.email);
  await expectAccessible(page);
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("review-card").filter({ hasText: method })).toHaveCount(0);

  await page.goto("/admin/audit");
  await expect(page.getByTestId("audit-table")).toContainText("submission.approve");

  await page.goto(`/?q=${encodeURIComponent(method)}`);
  const row = page.getByTestId("leaderboard-row").filter({ hasText: method });
  await expect(row).toBeVisible();
  await expect(row).toContainText("E2E Lab");
  await row.getByRole("link", { name: method }).click();
  await expect(page.getByTestId("entry-title")).toHaveText(method);

  // The public API agrees with the page.
  const api = await page.request.get("/api/v1/leaderboard?split=overall&metric=f1&aggregate=micro");
  expect(api.ok()).toBe(true);
  const body = (await api.json()) as { entries: Array<{ methodName: string; overall: { value: number } }> };
  const entry = body.entries.find((e) => e.methodName === method);
  expect(entry).toBeDefined();
  expect(entry!.overall.value).toBeGreaterThanOrEqual(0);
});
