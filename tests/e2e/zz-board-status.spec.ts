import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { e2eDatabaseUrl } from "../../playwright.config";
import { writeSyntheticDataset } from "../../scripts/dev/synthetic-predictions";
import { expectAccessible } from "./failure-and-cost-pages";
import { approve } from "./cost-entries";
import { ADMIN, AUTHOR, signIn, signOut, uploadScored } from "./helpers";

// Issue 32, point 1: after an operator imports a new answer key, the board (for everyone) and the admin
// pages say what the board shows and what is being prepared, until an administrator publishes it.
// Named to run last: a real key makes the seed's demo entries leave the board for the specs after it.
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

/** The page as a fresh request renders it (the anonymous micro-cache and the ~1 s version cache settle). */
async function eventually(page: Page, url: string, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 30_000 });
}

test("a new key imported: the board and admin pages explain it until publish", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  // A retry imports a key of its own: the same key again would be refused as already imported.
  const LABEL = `e2e second key${testInfo.retry ? ` (retry ${testInfo.retry})` : ""}`;
  // One real approved entry, so the new key's version has scores to publish.
  await signIn(page, AUTHOR);
  const url = await uploadScored(page, "Board status e2e", `status-${Date.now()}`);
  await signOut(page);
  await signIn(page, ADMIN);
  await approve(page, url.split("/").pop()!);
  await signOut(page);
  // A deployment where nobody has published yet (admin-rescore.spec.ts pins the board earlier in the run):
  // then the import itself pins the board to the old key's version.
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  await client.query(`DELETE FROM "Setting" WHERE key = 'published_scorer_version'`).finally(() => client.end());
  const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-e2e-key-"));
  writeSyntheticDataset(dir, { dyadic: 28, multiParty: 14 }, 321 + testInfo.retry);
  const imported = await run(
    process.execPath,
    [path.join(ROOT, "bin/h2hmem.mjs"), "answer-key", "import", dir, "--label", LABEL],
    {
      cwd: ROOT,
      timeout: 120_000,
      env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), LOG_LEVEL: "warn" },
    },
  );
  expect(imported.stdout).toContain("pinned");

  // Everyone: which key and version the board shows, and that a newer key is being prepared.
  for (const [lang, text] of [
    ["en", "A newer answer key"],
    ["zh", "较新的答案集"],
  ] as const) {
    await eventually(page, `/?lang=${lang}`, async () => {
      await expect(page.getByTestId("board-status")).toContainText(text, { timeout: 1_000 });
    });
    await expect(page.getByTestId("board-status")).toContainText(LABEL);
    await expect(page.getByTestId("board-status-admin")).toHaveCount(0);
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/?lang=en");
  await expect(page.getByTestId("board-status")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 1366, height: 900 });

  // Admins: the way to publish, with coverage, on the board, the review queue and the Answer key page.
  await page.goto("/?lang=en");
  await signIn(page, ADMIN);
  for (const url of ["/", "/admin", "/admin/answer-key"]) {
    await page.goto(url);
    const admin = page.getByTestId("board-status-admin");
    await expect(admin).toContainText(/\d+ of \d+ approved entries scored under the new version/);
    await expect(admin.getByRole("link", { name: "Re-score and publish" })).toHaveAttribute("href", "/admin/rescore");
  }
  // The admin header stays on one line at 1366 px, in both languages.
  for (const lang of ["en", "zh"] as const) {
    await page.goto(`/admin?lang=${lang}`);
    // items-center: on one line every part of the header shares its vertical centre.
    const parts = page.locator("header > div > *, header nav li");
    const centres = await parts.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return (r.top + r.bottom) / 2;
      }),
    );
    expect(Math.max(...centres) - Math.min(...centres), `${lang}: ${centres.join(",")}`).toBeLessThanOrEqual(6);
  }
  await page.goto("/admin/rescore?lang=en");
  await expect(page.getByTestId("pin-source")).toContainText("pinned by the answer-key import");
  await expect(page.locator("#v-from option").first()).toContainText(/entr(y|ies) scored\)/);
  await page.goto("/admin/rescore?lang=zh");
  await expect(page.getByTestId("pin-source")).toContainText("答案集导入固定");
  await expectAccessible(page);

  // Publish once the worker has re-scored every approved entry under the new key: the notes go.
  await expect(async () => {
    await page.goto("/admin/rescore?lang=en");
    await expect(page.getByTestId("current-coverage")).toHaveText(/^(\d+) of \1 approved entries scored$/, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 90_000 });
  await page.getByLabel("Publish even if fewer entries are scored (force)").check();
  await page.getByRole("button", { name: "Publish this version" }).click();
  await expect(page.getByTestId("publish-result")).toContainText("The public board now shows");
  await eventually(page, "/?lang=en", async () => {
    await expect(page.getByTestId("board-status")).toHaveCount(0, { timeout: 1_000 });
  });
  await page.goto("/admin/rescore?lang=en");
  await expect(page.getByTestId("pin-source")).toContainText(`published by`);
});
