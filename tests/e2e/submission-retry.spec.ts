import { expect, test } from "@playwright/test";
import pg from "pg";
import { AUTHOR, signIn, uniquePredictionFile } from "./helpers";
import { e2eDatabaseUrl } from "../../playwright.config";

// Retry of a failed stage through the UI. A real lexical failure cannot be provoked from the
// browser with a valid upload, so after scoring the test writes exactly what the worker's
// markFailed (workers/processors/score-submission.ts) writes for a permanent lexical failure,
// then checks that the page explains it (generically: the detail is for admins) and that "Retry" re-scores to the same numbers.
// (The invalid-file-with-JSON-path case lives in validation-and-a11y.spec.ts.)

type ScoreRow = { split: string; scope: string; metric: string; aggregate: string; value: number };

async function scoreRows(client: pg.Client, submissionId: string): Promise<ScoreRow[]> {
  const res = await client.query<ScoreRow>(
    `SELECT split::text AS split, scope, metric::text AS metric, aggregate::text AS aggregate, value
       FROM "Score" WHERE "submissionId" = $1 ORDER BY 1, 2, 3, 4`,
    [submissionId],
  );
  return res.rows;
}

test("a failed lexical stage shows its reason and Retry scores it again with the same results", async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}`;
  const method = `E2E Retry ${stamp}`;
  const reason = `Lexical scoring failed: injected by e2e ${stamp}`;

  await signIn(page, AUTHOR);
  await page.goto("/submit");
  await page.getByLabel("Dyadic predictions").setInputFiles(uniquePredictionFile("good/prediction_dyadic.json", stamp));
  await page
    .getByLabel("Multi-party predictions")
    .setInputFiles(uniquePredictionFile("good/prediction_multiparty.json", stamp));
  await expect(page.getByTestId("dyadic-valid")).toContainText("predictions");
  await expect(page.getByTestId("multiparty-valid")).toContainText("predictions");
  await page.getByLabel("Method name").fill(method);
  await page.getByRole("button", { name: "Upload and score" }).click();

  await expect(page).toHaveURL(/\/submissions\/[a-z0-9]+$/);
  const submissionId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByTestId("submission-status")).toHaveText("scored", { timeout: 60_000 });
  const overallBefore = (await page.getByTestId("scores-overall").textContent()) ?? "";
  expect(overallBefore).toContain("All questions");

  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const before = await scoreRows(client, submissionId);
    expect(before.length).toBeGreaterThan(0);

    // What the worker records for a permanent lexical failure.
    await client.query("BEGIN");
    await client.query(
      `UPDATE "Submission" SET status = 'FAILED', stage = 'lexical', "failureStage" = 'lexical', "failureReason" = $2, "updatedAt" = now()
        WHERE id = $1`,
      [submissionId, reason],
    );
    const stage = await client.query(
      `UPDATE "StageRun" SET status = 'FAILED', error = $2, "finishedAt" = now() WHERE "submissionId" = $1 AND stage = 'lexical'`,
      [submissionId, reason],
    );
    await client.query("COMMIT");
    expect(stage.rowCount).toBe(1);

    await page.reload();
    await expect(page.getByTestId("submission-status")).toHaveText("failed");
    await expect(page.getByTestId("failure-reason")).toContainText("lexical stage");
    // The submitter gets what to do; the stored detail is for admins and the logs.
    await expect(page.getByTestId("failure-reason")).toContainText("Retry the lexical stage");
    await expect(page.getByTestId("failure-reason")).not.toContainText("injected by e2e");

    await page.getByRole("button", { name: "Retry the lexical stage" }).click();
    // The worker re-runs lexical (and the judge stage, skipped here) and the page refreshes itself.
    await expect(page.getByTestId("submission-status")).toHaveText("scored", { timeout: 60_000 });
    await expect(page.getByTestId("failure-reason")).toHaveCount(0);
    await expect(page.getByTestId("scores-overall")).toHaveText(overallBefore);

    const after = await client.query<{ status: string; failureReason: string | null; lexical: string }>(
      `SELECT s.status::text AS status, s."failureReason", r.status::text AS lexical
         FROM "Submission" s JOIN "StageRun" r ON r."submissionId" = s.id AND r.stage = 'lexical' WHERE s.id = $1`,
      [submissionId],
    );
    expect(after.rows[0]).toEqual({ status: "SCORED", failureReason: null, lexical: "DONE" });
    // Idempotent re-run: the same score rows, no duplicates.
    expect(await scoreRows(client, submissionId)).toEqual(before);
  } finally {
    await client.end();
  }
});
