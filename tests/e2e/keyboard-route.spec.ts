import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

// Issue 45, point 5: from the page top to the first ranked entry's first score cell by keyboard
// alone, in at most 15 Tab presses, through the board's "Skip to results" link.

const isFocused = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

async function tabUntil(page: Page, selector: string, limit: number): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press("Tab");
    if (await isFocused(page, selector)) return presses;
  }
  throw new Error(`${selector} not reached in ${limit} Tab presses`);
}

test("a keyboard route to the results: skip link, ranked cells first, named and shown when focused", async ({
  page,
}) => {
  await page.goto("/");
  const firstRow = page.getByTestId("leaderboard-row").first();
  await expect(firstRow).toBeVisible();
  const method = (await firstRow.getByTestId("method").locator("a").first().innerText()).trim();

  const toSkip = await tabUntil(page, 'a[href="#results"]', 15);
  await expect(page.locator(":focus")).toHaveText("Skip to results");
  await page.keyboard.press("Enter");
  const firstCell = '[data-testid="leaderboard-row"]:first-child [data-testid="headline"]';
  const toCell = await tabUntil(page, firstCell, 15 - toSkip);
  expect(toSkip + toCell).toBeLessThanOrEqual(15);

  // Its accessible name starts with the entry's name and carries the interval and n ...
  const cell = page.locator(":focus");
  await expect(cell).toHaveAttribute(
    "aria-label",
    new RegExp(`^${method.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, .*95% CI .*, n \\d+`),
  );
  // ... and the focused cell shows them on screen, not only in a title.
  const shown = await cell.evaluate((el) => {
    const s = getComputedStyle(el, "::before");
    return { content: s.content, display: s.display, visibility: s.visibility };
  });
  expect(shown.content).toContain("95% CI");
  expect(shown.content).toMatch(/n \d+/);
  expect(shown.display).not.toBe("none");

  // Every score cell of a ranked row is named after its entry; reference rows' cells are not tab stops.
  for (const label of await firstRow
    .locator(".score-cell[aria-label]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")!)))
    expect(label.startsWith(`${method}, `)).toBe(true);
  await expect(page.getByTestId("reference-row").locator("[tabindex='0']")).toHaveCount(0);

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes)`)).toEqual([]);
});
