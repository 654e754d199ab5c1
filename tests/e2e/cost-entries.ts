import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";

// Entries for tests/e2e/failure-and-cost.spec.ts: the good fixture with a share of its answers
// replaced by a refusal, so the three entries differ in score and refusal rate, each with a
// backbone and self-reported costs chosen so that the cost order differs per cost field.

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/predictions/good");
const REFUSAL = "Not mentioned.";

export type Costs = { storageSecondsPerSession?: number; answerSecondsPerQuestion: number; tokensPerQuestion: number };
export type Spec = { name: string; backbone: string; costs: Costs; refuse: (i: number) => boolean };

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** A fixture file with the answers at `refuse` positions refused; unique per `stamp` (uploads are deduplicated by content). */
export function refusingFile(
  file: "prediction_dyadic.json" | "prediction_multiparty.json",
  refuse: (i: number) => boolean,
  stamp: string,
): Upload {
  const json = JSON.parse(readFileSync(path.join(FIXTURES, file), "utf8")) as {
    predictions: Array<{ system_answer: string }>;
  };
  json.predictions.forEach((p, i) => {
    if (refuse(i)) p.system_answer = REFUSAL;
  });
  const kept = json.predictions.find((p) => p.system_answer !== REFUSAL) ?? json.predictions[0]!;
  kept.system_answer += ` (e2e ${stamp})`;
  return { name: file, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(json, null, 2)) };
}

const filesOf = (s: Spec, stamp: string) => ({
  dyadic: refusingFile("prediction_dyadic.json", s.refuse, `${stamp}-${s.name}`),
  multiparty: refusingFile("prediction_multiparty.json", s.refuse, `${stamp}-${s.name}`),
});

/** Uploads through the API v1 multipart fields as the signed-in user; returns the submission id. */
export async function submitByApi(page: Page, s: Spec, stamp: string): Promise<string> {
  const costs = Object.fromEntries(Object.entries(s.costs).map(([k, v]) => [k, String(v)]));
  const res = await page.request.post("/api/v1/submissions", {
    multipart: { methodName: s.name, modality: "text", backbone: s.backbone, ...costs, ...filesOf(s, stamp) },
  });
  expect(res.status(), await res.text()).toBe(202);
  return ((await res.json()) as { id: string }).id;
}

/** Uploads through the submit form (backbone and efficiency fields filled in); waits until scored; returns the id. */
export async function submitByForm(page: Page, s: Spec, stamp: string, hardware: string): Promise<string> {
  const files = filesOf(s, stamp);
  await page.goto("/submit");
  await page.getByLabel("Dyadic predictions").setInputFiles(files.dyadic);
  await page.getByLabel("Multi-party predictions").setInputFiles(files.multiparty);
  await expect(page.getByTestId("dyadic-selected")).toContainText("prediction_dyadic.json");
  await page.getByLabel("Method name").fill(s.name);
  await page.getByLabel("Input modality").selectOption("text");
  await page.getByLabel("Backbone model").fill(s.backbone);
  if (s.costs.storageSecondsPerSession !== undefined)
    await page.getByLabel("Storage seconds per session").fill(String(s.costs.storageSecondsPerSession));
  await page.getByLabel("Answering seconds per question").fill(String(s.costs.answerSecondsPerQuestion));
  await page.getByLabel("Tokens per question").fill(String(s.costs.tokensPerQuestion));
  await page.getByLabel("Hardware").fill(hardware);
  await page.getByRole("button", { name: "Upload and score" }).click();
  await expect(page).toHaveURL(/\/submissions\/[a-z0-9]+$/);
  await expect(page.getByTestId("submission-status")).toHaveText("scored", { timeout: 60_000 });
  return page.url().split("/submissions/")[1]!;
}

export async function waitScored(page: Page, id: string): Promise<void> {
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/v1/submissions/${id}`)).json()) as { status: string }).status,
      { timeout: 60_000, intervals: [500] },
    )
    .toBe("SCORED");
}

export async function approve(page: Page, id: string): Promise<void> {
  const res = await page.request.post(`/api/v1/admin/submissions/${id}/approve`);
  expect(res.ok(), await res.text()).toBe(true);
}
