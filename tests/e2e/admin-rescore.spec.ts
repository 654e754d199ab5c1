import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "./helpers";

// The rollout page in the browser: both scorer versions with their coverage, the rank preview,
// pinning the board to the version it shows (allowed while nothing is published, and changes
// nothing the public sees), a refused second publish with its message, the audit trail. Pinning
// the current version leaves the board exactly as the other specs expect it.

test("admin pins the published scorer version on /admin/rescore; a second publish is refused with a message", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto("/");
  const boardVersion = (await page.getByTestId("scorer-version").textContent())!.trim();

  await page.goto("/admin/rescore");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Re-scoring and publishing");
  await expect(page.getByTestId("published-version")).toHaveText(boardVersion);
  await expect(page.getByTestId("current-version")).toHaveText(boardVersion);
  await expect(page.getByTestId("current-coverage")).toContainText(/\d+ of \d+ approved entries scored/);
  await expect(page.getByTestId("rescore-preview")).toBeVisible();

  await page.getByRole("button", { name: "Publish this version" }).click();
  const first = page.getByTestId("publish-result").or(page.getByRole("alert").filter({ hasText: "already published" }));
  await expect(first).toBeVisible();
  // Published now in any case (a re-run of this spec finds it pinned already).
  await page.reload();
  // Who pinned it comes from the audit log (issue 32).
  await expect(page.getByTestId("pin-source")).toContainText(/published by \S.* on /);
  await page.getByRole("button", { name: "Publish this version" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "is already published" })).toBeVisible();

  await page.goto("/admin/audit");
  await expect(page.getByTestId("audit-table")).toContainText("scorer.publish");
  await page.goto("/");
  await expect(page.getByTestId("scorer-version")).toHaveText(boardVersion);
});
