import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { AUTHOR, signIn, uniquePredictionFile } from "./helpers";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

// The CLI contract end to end against the running app: a token made in the browser, then
// `h2hmem submit --wait` validates locally, uploads, follows progress and prints the scores.
test("h2hmem submit --wait uploads and follows a submission to its scores", async ({ page, baseURL }) => {
  await signIn(page, AUTHOR);
  await page.goto("/settings/tokens");
  await page.getByLabel("Token name").fill(`cli e2e ${Date.now()}`);
  await page.getByLabel("Your password").fill(AUTHOR.password);
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token").textContent())!.trim();

  const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-cli-e2e-"));
  const stamp = `cli-${Date.now()}`;
  const dyadic = uniquePredictionFile("good/prediction_dyadic.json", stamp);
  const multi = uniquePredictionFile("good/prediction_multiparty.json", stamp);
  writeFileSync(path.join(dir, dyadic.name), dyadic.buffer);
  writeFileSync(path.join(dir, multi.name), multi.buffer);

  const method = `CLI e2e ${stamp}`;
  const { stdout } = await run(
    process.execPath,
    [
      path.join(ROOT, "bin/h2hmem.mjs"),
      "submit",
      "--url",
      baseURL!,
      "--dyadic",
      path.join(dir, dyadic.name),
      "--multiparty",
      path.join(dir, multi.name),
      "--method",
      method,
      "--wait",
      "--poll-ms",
      "300",
    ],
    { cwd: ROOT, timeout: 90_000, env: { ...process.env, H2HMEM_TOKEN: token } },
  );
  const id = /Submitted: (\S+)/.exec(stdout)?.[1];
  expect(id, stdout).toBeTruthy();
  expect(stdout).toMatch(/Scored \(lex-/);
  expect(stdout).toMatch(/overall\s+n=\d+\s+(?:\S.*)?f1 \d\.\d{4} \[/);

  // The printed numbers are the server's: the status API agrees.
  const res = await page.request.get(`/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${token}` } });
  const status = (await res.json()) as {
    status: string;
    methodName: string;
    scores: Array<{ split: string; scope: string; metric: string; aggregate: string; value: number }>;
  };
  expect(status).toMatchObject({ status: "SCORED", methodName: method });
  const f1 = status.scores.find(
    (r) => r.split === "overall" && r.scope === "ALL" && r.metric === "f1" && r.aggregate === "micro",
  )!;
  expect(stdout).toContain(`f1 ${f1.value.toFixed(4)}`);
});
