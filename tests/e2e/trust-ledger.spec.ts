import { expect, test } from "@playwright/test";

// Issue 14, points 4-6 on the public board of the seeded demo entries: the worker (started with
// the web app) computes the trivial reference rows, which the board pins above the ranked
// entries, and every entry shows its attempt count.

test("board: pinned reference rows and an attempt count per entry; the withdrawn filter", async ({ page }) => {
  // The worker computes the reference rows on its first reconciler round: poll by reloading.
  await expect(async () => {
    await page.goto("/");
    await expect(page.getByTestId("reference-row")).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const refs = page.getByTestId("reference-row");
  expect(await refs.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind")))).toEqual([
    "always-refuse",
    "echo-question",
    "empty",
  ]);
  await expect(refs.first()).toContainText("Not mentioned in the conversation.");
  await expect(refs.first().locator("td").first()).toHaveText("ref"); // not ranked
  // Pinned: the references come before the first ranked entry.
  const order = await page
    .getByTestId("leaderboard")
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-testid")));
  expect(order.slice(0, 3)).toEqual(["reference-row", "reference-row", "reference-row"]);
  // Then the ranked entries, and last the other tracks' lines (issue 48), never ranked among them.
  expect(order.slice(3).join(" ")).toMatch(/^leaderboard-row( leaderboard-row)*( track-reference-row)*$/);

  const attempts = page.getByTestId("leaderboard-row").first().getByTestId("attempts");
  await expect(attempts).toHaveText(/^\d+/);
  await expect(attempts).toHaveAttribute(
    "title",
    /scored submissions? by this account when approved, \d+ since its previous approved entry/,
  );

  // The API says the same as the page.
  const api = (await (await page.request.get("/api/v1/leaderboard")).json()) as {
    references: Array<{ kind: string }>;
    entries: Array<{ attempts: { total: number } | null }>;
  };
  expect(api.references.map((r) => r.kind)).toEqual(["always-refuse", "echo-question", "empty"]);
  expect(Number((await attempts.textContent())?.match(/^\d+/)?.[0])).toBe(api.entries[0]!.attempts!.total);

  // The withdrawn filter is part of the board's form.
  await page.getByLabel("Show").selectOption("withdrawn");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=withdrawn/);
  await expect(page.getByTestId("withdrawn").or(page.getByTestId("withdrawn-empty"))).toBeVisible();
});
