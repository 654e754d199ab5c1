import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";

export const AUTHOR = { email: "author@h2hmem.local", password: "author-demo-password" };
export const ADMIN = { email: "admin@h2hmem.local", password: "admin-demo-password" };

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/predictions");

export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signed-in-as")).toContainText(who.email);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
}

/**
 * A fixture prediction file made unique per run: uploads are deduplicated by content hash,
 * so re-running against the same database would otherwise return the earlier submission.
 */
export function uniquePredictionFile(rel: string, stamp: string): { name: string; mimeType: string; buffer: Buffer } {
  const json = JSON.parse(readFileSync(path.join(FIXTURES, rel), "utf8")) as {
    predictions: Array<{ system_answer: string }>;
  };
  json.predictions[0]!.system_answer += ` (e2e ${stamp})`;
  return { name: path.basename(rel), mimeType: "application/json", buffer: Buffer.from(JSON.stringify(json, null, 2)) };
}

export function rawFixture(rel: string): { name: string; mimeType: string; buffer: Buffer } {
  return { name: path.basename(rel), mimeType: "application/json", buffer: readFileSync(path.join(FIXTURES, rel)) };
}

/**
 * Uploads prediction files under `method` as the signed-in user (the good fixtures made unique by
 * `stamp`, or the given dyadic file) and waits until the worker has scored them; returns the
 * submission page URL.
 */
export async function uploadScored(
  page: Page,
  method: string,
  stamp: string,
  dyadic = uniquePredictionFile("good/prediction_dyadic.json", stamp),
): Promise<string> {
  await page.goto("/submit");
  await page.getByLabel("Dyadic predictions").setInputFiles(dyadic);
  await page
    .getByLabel("Multi-party predictions")
    .setInputFiles(uniquePredictionFile("good/prediction_multiparty.json", `${stamp}-${method}`));
  await expect(page.getByTestId("dyadic-selected")).toContainText("prediction_dyadic.json");
  await page.getByLabel("Method name").fill(method);
  // "Not stated" is refused by the upload API (empty modality); state one.
  await page.getByLabel("Input modality").selectOption("text");
  await page.getByRole("button", { name: "Upload and score" }).click();
  await expect(page).toHaveURL(/\/submissions\/[a-z0-9]+$/);
  await expect(page.getByTestId("submission-status")).toHaveText("scored", { timeout: 60_000 });
  return page.url();
}
