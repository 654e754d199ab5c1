import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./failure-and-cost-pages";
import { AUTHOR, rawFixture, signIn } from "./helpers";

// Issue 32, "the first hour": the file format where authors upload (signed out, both languages, with
// example files the CLI validates), and every score cell's interval readable without a mouse.
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const SHOTS = path.join(ROOT, "docs/screenshots");
const PHONE = { width: 375, height: 740 };

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
}

for (const lang of ["en", "zh"] as const) {
  test(`Submit page shows the file format to a signed-out visitor (${lang})`, async ({ page }) => {
    await page.goto(`/submit?lang=${lang}`);
    const format = page.getByTestId("submit-format");
    await expect(format.getByRole("heading", { level: 2 })).toHaveText(lang === "en" ? "File format" : "文件格式");
    await expect(page.getByTestId("submit-signin")).toBeVisible();
    for (const field of ["question_text", "question_image", "system_answer", "original_answer", "category"])
      await expect(page.getByTestId("format-fields")).toContainText(field);
    const categories = page.getByTestId("format-categories");
    await expect(categories.locator("tbody tr")).toHaveCount(9);
    await expect(categories).toContainText("Temporal Reasoning");
    await expect(categories).toContainText("Multimodal Casual Reasoning");
    await expect(page.getByTestId("format-files")).toContainText("prediction_multi_party.json");
    await expect(page.getByTestId("format-limits").locator("li")).toHaveCount(3);
    await expect(page.getByTestId("format-cli")).toContainText("node h2hmem.mjs validate prediction_dyadic.json");
    await expectAccessible(page);
    if (lang === "en") await format.screenshot({ path: path.join(SHOTS, "submit-format.png") });
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(format).toBeVisible();
    await noSidewaysScroll(page);
    await expectAccessible(page);
  });
}

test("the example files download from the Submit page and pass `h2hmem validate`", async ({ page }) => {
  await page.goto("/submit");
  const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-example-"));
  const downloaded = page.waitForEvent("download");
  await page.getByTestId("example-dyadic").click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe("example_prediction_dyadic.json");
  const dyadic = path.join(dir, "example_prediction_dyadic.json");
  await download.saveAs(dyadic);
  const res = await page.request.get("/downloads/example_prediction_multiparty.json");
  expect(res.status()).toBe(200);
  const multi = path.join(dir, "example_prediction_multiparty.json");
  writeFileSync(multi, await res.body());
  for (const [file, split] of [
    [dyadic, "dyadic"],
    [multi, "multi-party"],
  ] as const) {
    const { stdout } = await run(process.execPath, [path.join(ROOT, "bin/h2hmem.mjs"), "validate", file, "--json"], {
      cwd: ROOT,
      timeout: 60_000,
    });
    const report = JSON.parse(stdout) as { valid: boolean; split: string; errors: number; issues: unknown[] };
    expect(report, stdout).toMatchObject({ valid: true, split, errors: 0 });
    const items = (
      JSON.parse(await (await page.request.get(`/downloads/${path.basename(file)}`)).text()) as {
        predictions: Array<Record<string, string>>;
      }
    ).predictions;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.system_answer === "" && i.original_answer !== "")).toBe(true);
  }
});

/** Tab until a score cell with an interval has focus; its accessible name, read from focus alone. */
async function tabToIntervalCell(page: Page, marker: string): Promise<string> {
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press("Tab");
    const label = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    if (label.includes(marker)) return label;
  }
  throw new Error(`no focusable cell named with "${marker}"`);
}

for (const lang of ["en", "zh"] as const) {
  test(`a category cell's interval and n by keyboard focus alone, and the show-intervals switch (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`/?lang=${lang}`);
    const marker = lang === "en" ? "95% CI" : "95% 置信区间";
    // From the board's scroll region (itself a Tab stop), Tab alone reaches the cells.
    await page.getByTestId("leaderboard-region").focus();
    const label = await tabToIntervalCell(page, marker);
    // "{entry}, {scope or metric} {value}, 95% CI {low}-{high} (a headline cell: [{low}, {high}]), n {n}":
    // the entry's name first (issue 45, point 5).
    const pattern =
      lang === "en"
        ? /^[^,]+, [\w &-]+ \d\.\d+, 95% CI (\d\.\d+-\d\.\d+|\[\d\.\d+, \d\.\d+\]), n \d+/
        : /^[^，]+，\S.* \d\.\d+，95% 置信区间 (\d\.\d+-\d\.\d+|\[\d\.\d+, \d\.\d+\])，n \d+/;
    expect(label).toMatch(pattern);
    const legend = page.getByTestId("board-legend");
    await expect(legend).toBeVisible();
    await expect(page.getByTestId("below-reference-legend")).toBeVisible();
    await legend.getByTestId("intervals-switch").click();
    await expect(page).toHaveURL(/intervals=1/);
    const ci = page.getByTestId("leaderboard-row").first().getByTestId("cell-ci").first();
    await expect(ci).toBeVisible();
    await expect(ci).toHaveText(/^\d\.\d\d-\d\.\d\d · n \d+$/);
    await expectAccessible(page);
    if (lang === "en") {
      const cell = page.getByTestId("leaderboard-row").first().getByTestId("cat-TR");
      await cell.focus();
      await expect(cell).toHaveAttribute(
        "aria-label",
        /^[^,]+, Temporal Reasoning \d\.\d\d, 95% CI \d\.\d\d-\d\.\d\d, n \d+/,
      );
      await page.getByTestId("leaderboard-region").screenshot({ path: path.join(SHOTS, "cell-interval.png") });
    }
    // Phone: the Categories panel prints each interval and n.
    await page.setViewportSize(PHONE);
    await page.goto(`/?lang=${lang}`);
    const row = page.getByTestId("leaderboard-row").first();
    await row.getByTestId("row-categories").locator("summary").click();
    await expect(row.getByTestId("panel-ci").first()).toContainText(marker);
    await noSidewaysScroll(page);
    await expectAccessible(page);
  });
}

test("smaller points: compare URL, Attempts wording, entry page on a phone, issue paths", async ({ page }) => {
  const board = (await (await page.request.get("/api/v1/leaderboard")).json()) as { entries: Array<{ id: string }> };
  const [a, b] = board.entries;
  await page.goto("/compare");
  await page.getByLabel("Entry A").selectOption(a!.id);
  await page.getByLabel("Entry B").selectOption(b!.id);
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${a!.id}%2C${b!.id}&metric=`));
  expect(page.url()).not.toMatch(/ids=(&|$)/);

  await page.goto("/");
  await expect(page.getByTestId("attempts").first()).not.toContainText("prev.");

  // A wrong type in the 6th item: people read "item 6", tools keep the JSON path.
  await signIn(page, AUTHOR);
  const bad = JSON.parse(rawFixture("good/prediction_dyadic.json").buffer.toString("utf8")) as {
    predictions: Array<Record<string, unknown>>;
  };
  bad.predictions[5]!.system_answer = 5;
  for (const [lang, text] of [
    ["en", "item 6 (system_answer)"],
    ["zh", "第 6 项（system_answer）"],
  ] as const) {
    await page.goto(`/submit?lang=${lang}`);
    await page
      .locator("input[type=file]")
      .first()
      .setInputFiles({
        name: "prediction_dyadic.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(bad)),
      });
    await expect(page.getByTestId("issue-item").first()).toHaveText(text);
    await expect(page.getByText("/predictions/5/system_answer").first()).toBeVisible();
  }

  await page.setViewportSize(PHONE);
  for (const lang of ["en", "zh"] as const) {
    await page.goto(`/entries/${a!.id}?lang=${lang}`);
    await expect(page.getByTestId("scroll-hint").first()).toBeVisible();
    await noSidewaysScroll(page);
    if (lang === "zh") await expect(page.locator("main")).not.toContainText(/Input modality|^text$/);
  }
});
