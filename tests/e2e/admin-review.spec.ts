import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, AUTHOR, signIn, signOut, uploadScored } from "./helpers";

// Review with flags: the author uploads a flagged entry (submitted reference answers that differ
// from the key, unanswered questions) and a clean one; the admin rejects the first with a reason
// the author then sees, approves the second (public at once), and the audit log lists both.

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/predictions");

/** The JSONC fixture cannot go through JSON.parse: make it unique by editing the text. */
function flaggedDyadic(stamp: string) {
  const text = readFileSync(path.join(FIXTURES, "with-warnings/prediction_dyadic.json"), "utf8").replace(
    '"system_answer": "',
    `"system_answer": "(e2e ${stamp}) `,
  );
  return { name: "prediction_dyadic.json", mimeType: "application/json", buffer: Buffer.from(text) };
}

async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

test("admin reviews flagged and clean entries: reject with reason, approve, audit", async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}`;
  const flagged = `Flagged Memory ${stamp}`;
  const clean = `Clean Memory ${stamp}`;

  await signIn(page, AUTHOR);
  const flaggedUrl = await uploadScored(page, flagged, stamp, flaggedDyadic(stamp));
  await uploadScored(page, clean, stamp);
  await signOut(page);

  await signIn(page, ADMIN);
  await page.goto("/admin");
  const card = page.getByTestId("review-card").filter({ hasText: flagged });
  await expect(card.getByTestId("flags")).toContainText("differ from the answer key");
  await expect(card.getByTestId("flags")).toContainText("unanswered");

  // The review page: flags, scores next to the board, and the decision.
  await card.getByRole("link", { name: "Review details" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(flagged);
  await expect(page.getByTestId("flags")).toContainText("differ from the key");
  await expect(page.getByTestId("compare-f1")).toBeVisible();
  await expect(page.getByRole("link", { name: "Per-question view" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Reason for rejection").fill("Submitted reference answers were edited.");
  await page.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(page.getByTestId("review-state")).toHaveText("rejected");
  await expect(page.getByTestId("entry-audit")).toContainText("submission.reject");

  await page.goto("/admin");
  const cleanCard = page.getByTestId("review-card").filter({ hasText: clean });
  await cleanCard.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("review-card").filter({ hasText: clean })).toHaveCount(0);

  await page.goto("/admin/audit?action=submission.");
  const audit = page.getByTestId("audit-table");
  await expect(audit).toContainText("submission.reject");
  await expect(audit).toContainText("Submitted reference answers were edited.");
  await expect(audit).toContainText("submission.approve");
  await page.goto("/admin/audit?action=submission.reject");
  await expect(page.getByTestId("audit-table")).not.toContainText("submission.approve");
  await expectAccessible(page);
  for (const p of ["/admin/operations", "/admin/answer-key", "/admin/users"]) {
    await page.goto(p);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page);
  }

  // Public: the approved entry is listed, the rejected one is not.
  await page.goto(`/?q=${encodeURIComponent(clean)}`);
  await expect(page.getByTestId("leaderboard-row").filter({ hasText: clean })).toBeVisible();
  await page.goto(`/?q=${encodeURIComponent(flagged)}`);
  await expect(page.getByTestId("leaderboard-row").filter({ hasText: flagged })).toHaveCount(0);
  await signOut(page);

  // The author sees the reason on their submission.
  await signIn(page, AUTHOR);
  await page.goto(flaggedUrl);
  await expect(page.getByTestId("review-state")).toHaveText("rejected");
  await expect(page.getByText("Submitted reference answers were edited.")).toBeVisible();
  // ...and cannot reach the admin area.
  const res = await page.goto("/admin/audit");
  expect(res?.status()).toBe(404);
});
