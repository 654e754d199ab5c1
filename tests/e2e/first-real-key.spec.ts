import { spawn, execFile, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { e2eDatabaseUrl } from "../../playwright.config";
import { startFakeJudgeServer, type FakeJudgeServer } from "../../scripts/dev/fake-judge-server";
import { freePort, recreateDatabase, withDatabase } from "../../scripts/dev/services.mjs";
import { newReceiptSigningKey } from "../../scripts/dev/env-file.mjs";
import { writeSyntheticDataset } from "../../scripts/dev/synthetic-predictions";
import { ADMIN, AUTHOR, signIn, signOut } from "./helpers";

// Issue 45, "Done when": the operator's first hour on the real answer key, as a person walks it. A
// deployment of its own (database, web, worker and the demo judge, as the quick start runs them) so
// that the switch to a real key (which takes every demo entry off its board) and "no approved entry
// yet" hold whatever the other specs did: the quick-start seed, a real-layout key imported through the
// CLI from the quick start's folder (services file, no judge settings in the shell), the board and
// the admin pages, publishing on an empty board, then a first upload on the board after approval.
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const DB = "h2hmem_e2e_first_key";

let server: ChildProcess | undefined;
let judge: FakeJudgeServer | undefined;
let output = "";

/** Starts the deployment: migrates and seeds its database (scripts/dev/e2e-server.mjs), web + worker. */
async function startDeployment(): Promise<{ base: string; databaseUrl: string }> {
  const databaseUrl = withDatabase(e2eDatabaseUrl(), DB);
  await recreateDatabase(e2eDatabaseUrl(), DB);
  judge = await startFakeJudgeServer();
  const port = await freePort(3330);
  const base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["scripts/dev/e2e-server.mjs"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
      QUEUE_PREFIX: `e2e-first-key-${process.pid}`,
      PORT: String(port),
      NODE_ENV: "production",
      AUTH_SECRET: "e2e-only-secret-not-for-production-0123456789",
      AUTH_URL: base,
      RECEIPT_SIGNING_KEY: newReceiptSigningKey(),
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "warn",
      RECONCILE_INTERVAL_MS: "5000",
      // The quick start's demo judge: web and worker have it, the operator's shell below does not.
      JUDGE_BASE_URL: judge.baseURL,
      JUDGE_API_KEY: "fake",
      JUDGE_DEMO: "true",
      SMTP_URL: "",
    },
  });
  for (const s of [server.stdout!, server.stderr!]) s.on("data", (d: Buffer) => (output += d.toString()));
  await expect(async () => {
    expect(server!.exitCode, output).toBeNull();
    expect((await fetch(base)).status).toBe(200);
  }).toPass({ timeout: 240_000, intervals: [1000] });
  return { base, databaseUrl };
}

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((r) => server!.once("exit", r));
    process.kill(-server.pid, "SIGTERM");
    await exited;
  }
  await judge?.close();
});

/** The page as a fresh request renders it (the anonymous micro-cache settles within seconds). */
async function eventually(page: Page, url: string, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 30_000 });
}

test("the first real answer key: import, the board and admin pages, publish on an empty board, a first entry", async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const { base, databaseUrl } = await startDeployment();
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();

  // The quick start's seed: demo entries on the board.
  await page.goto("/");
  const demoRows = page.getByTestId("leaderboard-row").filter({ hasText: "Demo:" });
  await expect(demoRows.first()).toBeVisible();
  // Ranked rows and the other tracks' lines (issue 48): every demo entry a visitor sees.
  const demoCount =
    (await demoRows.count()) + (await page.getByTestId("track-reference-row").filter({ hasText: "Demo:" }).count());

  // The operator imports a real-layout key from the quick start's folder: the CLI finds the database in
  // .data/services.env; the shell has no judge settings.
  const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-e2e-real-key-"));
  writeSyntheticDataset(path.join(dir, "dataset"), { dyadic: 28, multiParty: 14 }, 4545);
  const folder = mkdtempSync(path.join(os.tmpdir(), "h2hmem-e2e-checkout-"));
  mkdirSync(path.join(folder, ".data"));
  writeFileSync(path.join(folder, ".data", "services.env"), `DATABASE_URL=${databaseUrl}\n`);
  const shell: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn" };
  for (const k of Object.keys(shell)) if (/^(DATABASE_URL|REDIS_URL|JUDGE_)/.test(k)) delete shell[k];
  const imported = await run(
    process.execPath,
    [path.join(ROOT, "bin/h2hmem.mjs"), "answer-key", "import", path.join(dir, "dataset"), "--label", "H2HMem (e2e)"],
    { cwd: folder, timeout: 120_000, env: shell },
  );
  expect(imported.stderr).toMatch(
    /^h2hmem: database postgresql:\S+ \(from the quick start's \.data\/services\.env\)$/m,
  );
  expect(imported.stdout).toContain(
    `The ${demoCount} demo entries are off the board now (a real key replaced the demo one). Next: approve a first entry`,
  );
  expect(imported.stdout).toContain("the board shows this key now and waits for its first approved entry");

  // Everyone: the key is active and published and the board waits; nothing claims a re-score.
  await eventually(page, "/", async () => {
    await expect(page.getByTestId("board-status")).toContainText(
      "Answer key “H2HMem (e2e)” is active and published; the board waits for its first approved entry.",
      { timeout: 1_000 },
    );
  });
  await expect(page.getByTestId("board-status")).not.toContainText("re-scored");
  await expect(page.getByTestId("leaderboard-row")).toHaveCount(0);

  // The admin pages say the same, and /admin/rescore counts one thing one way.
  await signIn(page, ADMIN);
  await page.goto("/admin/answer-key");
  await expect(page.getByTestId("active-key")).toContainText("H2HMem (e2e)");
  await expect(page.getByTestId("demo-off-board")).toContainText(`${demoCount} demo entries are off the board`);
  await expect(page.getByTestId("stale-entries")).toHaveCount(0);
  await expect(page.getByTestId("board-status-admin")).toContainText("review queue");
  await page.goto("/admin/rescore");
  const current = (await page.getByTestId("current-version").textContent())!.trim();
  await expect(page.getByTestId("published-version")).toHaveText(current);
  await expect(page.getByTestId("pin-source")).toHaveText("(not pinned: it follows the current version)");
  await expect(page.getByTestId("current-coverage")).toHaveText("0 of 0 approved entries scored");
  // The demo entries' version lists what the public sees under it now: none.
  for (const option of await page.locator("#v-from option").allTextContents())
    expect(option).toMatch(/\(0 entries scored\)$/);

  // Publishing on the empty board: nothing to re-judge is not an error.
  await page.getByRole("button", { name: "Publish this version" }).click();
  await expect(page.getByTestId("publish-result")).toContainText("The public board now shows");
  await page.reload();
  await expect(page.getByTestId("pin-source")).toContainText("published by");
  await signOut(page);

  // A first upload, scored against the real key (lexical and the demo judge) and approved, is on the board.
  // The author starts from the Submit page's example files (every question of the active key) and answers.
  const answered = async (name: string) => {
    const example = (await (await page.request.get(`/downloads/example_${name}`)).json()) as {
      predictions: Array<Record<string, string>>;
    };
    expect(example.predictions.length).toBeGreaterThan(0);
    const predictions = example.predictions.map((p, i) => ({ ...p, system_answer: i % 3 ? p.original_answer : "" }));
    return { name, mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ predictions })) };
  };
  await signIn(page, AUTHOR);
  await page.goto("/submit");
  await page.getByLabel("Dyadic predictions").setInputFiles(await answered("prediction_dyadic.json"));
  await page.getByLabel("Multi-party predictions").setInputFiles(await answered("prediction_multiparty.json"));
  await page.getByLabel("Method name").fill("First real entry");
  await page.getByLabel("Input modality").selectOption("text");
  await page.getByRole("button", { name: "Upload and score" }).click();
  await expect(page).toHaveURL(/\/submissions\/[a-z0-9]+$/);
  await expect(page.getByTestId("submission-status")).toHaveText("scored", { timeout: 120_000 });
  await signOut(page);
  await signIn(page, ADMIN);
  await page.goto("/admin");
  await page
    .getByTestId("review-card")
    .filter({ hasText: "First real entry" })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(page.getByTestId("review-card").filter({ hasText: "First real entry" })).toHaveCount(0);
  await signOut(page);
  await eventually(page, "/", async () => {
    await expect(page.getByTestId("leaderboard-row").filter({ hasText: "First real entry" })).toBeVisible({
      timeout: 1_000,
    });
  });
  await expect(page.getByTestId("board-status")).toHaveCount(0);
  await expect(page.getByTestId("scorer-version")).toHaveText(current);
  await context.close();
});
