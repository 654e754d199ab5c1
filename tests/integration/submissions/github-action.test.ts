// The GitHub Action's step script (.github/actions/submit/run.mjs) run as the action runs it,
// against the real API routes, Postgres, Redis and the scoring worker: it downloads the
// single-file CLI from the server, submits with the GitHub context as --source-*, waits, writes the
// scores as a Markdown table to $GITHUB_STEP_SUMMARY, and exits non-zero on an invalid file. The
// download is pinned (sha256 and --version), the URL must be https or loopback http, and the CLI gets
// a minimal environment: checked with a fake CLI that records how it was run.
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getQueue } from "@/lib/server/queue";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { createScoringWorker, type ScoringWorker } from "@/workers/worker";
import { buildSingleFile } from "../../../scripts/build/bundles.mjs";
import { userWithToken } from "../../support/api-helpers";
import { restoreActiveKey, ROOT, setEnv, useSyntheticKey } from "../../support/pipeline-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { GITHUB_LIKE_CLAIMS, startFakeCiIssuer, type FakeCiIssuer } from "../../support/fake-ci-issuer";
import { resetCiKeyCache } from "@/lib/server/submissions/ci-token";

const log = logger.child({ test: "github-action" });
log.level = "warn";
let worker: ScoringWorker;
let server: RouteServer;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;
let author: Awaited<ReturnType<typeof userWithToken>>;
let dir: string;
let cliPin: { H2HMEM_CLI_VERSION: string; H2HMEM_CLI_SHA256: string };
// A stand-in CLI served by a second server: appends {argv, env} to a log file (its path is baked
// in, since the action passes the CLI no variable to name it) and answers like the real one.
let fake: RouteServer;
let fakeLog: string;
let fakePin: { H2HMEM_CLI_VERSION: string; H2HMEM_CLI_SHA256: string };
// GitHub's side of `id-token: write`: the local CI issuer, and the runner's token-request endpoint
// (ACTIONS_ID_TOKEN_REQUEST_URL) minting its tokens for the audience asked.
let issuer: FakeCiIssuer;
let tokenEndpoint: { url: string; audiences: string[]; close: () => Promise<void> };
const idTokenEnv = () => ({
  ACTIONS_ID_TOKEN_REQUEST_URL: `${tokenEndpoint.url}/token?api-version=2.0`,
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: "runner-request-token",
});

async function startTokenEndpoint(): Promise<typeof tokenEndpoint> {
  const audiences: string[] = [];
  const srv = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    const audience = u.searchParams.get("audience") ?? "";
    if (req.headers.authorization !== "bearer runner-request-token" || u.searchParams.get("api-version") !== "2.0")
      return void res.writeHead(401).end();
    audiences.push(audience);
    void issuer.mint({}, { audience }).then((value) => {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ count: 1, value }));
    });
  });
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    audiences,
    close: () => new Promise<void>((r) => srv.close(() => r())),
  };
}

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");
const fakeRuns = (): Array<{ argv: string[]; env: Record<string, string> }> =>
  existsSync(fakeLog)
    ? readFileSync(fakeLog, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { argv: string[]; env: Record<string, string> })
    : [];

const SCRIPT = path.join(ROOT, ".github/actions/submit/run.mjs");

/** Runs the action's script with the inputs and GitHub context an Actions runner would set. */
function runAction(
  inputs: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string; summary: string; output: string }> {
  const summaryFile = path.join(dir, `summary-${Date.now()}.md`);
  const outputFile = path.join(dir, `output-${Date.now()}.txt`);
  writeFileSync(summaryFile, "");
  writeFileSync(outputFile, "");
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: "test",
    PATH: process.env.PATH ?? "",
    HOME: dir,
    RUNNER_TEMP: dir,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_OUTPUT: outputFile,
    GITHUB_REPOSITORY: "acme/mem-ci",
    GITHUB_SHA: "a".repeat(40),
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_RUN_ID: "4242",
    H2HMEM_URL: server.url,
    H2HMEM_TOKEN: author.token,
    ...cliPin,
    ...inputs,
  };
  // Asynchronous: the route server answering the script runs in this process.
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT], { cwd: dir, env, encoding: "utf8" }, (err, stdout, stderr) => {
      const code = err ? ((err as { code?: number }).code ?? 1) : 0;
      resolve({
        code,
        stdout,
        stderr,
        summary: readFileSync(summaryFile, "utf8"),
        output: readFileSync(outputFile, "utf8"),
      });
    });
  });
}

beforeAll(async () => {
  await setEnv({
    JUDGE_BASE_URL: undefined,
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-gh-action-${process.pid}`,
  });
  key = await useSyntheticKey({ dyadic: 40, multiParty: 20 }, 606);
  author = await userWithToken("gh-action", "SUBMITTER");
  worker = createScoringWorker(log);
  dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-gh-action-"));
  const bundle = path.join(dir, "bundle", "h2hmem.mjs");
  await buildSingleFile(bundle);
  server = await startRouteServer({ files: { "/downloads/h2hmem.mjs": bundle } });
  cliPin = {
    H2HMEM_CLI_VERSION: (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string })
      .version,
    H2HMEM_CLI_SHA256: sha256(bundle),
  };
  fakeLog = path.join(dir, "fake-cli-runs.jsonl");
  const fakeCli = path.join(dir, "fake", "h2hmem.mjs");
  mkdirSync(path.dirname(fakeCli));
  writeFileSync(
    fakeCli,
    `import { appendFileSync } from "node:fs";
appendFileSync(${JSON.stringify(fakeLog)}, JSON.stringify({ argv: process.argv.slice(2), env: process.env }) + "\\n");
if (process.argv[2] === "--version") console.log("h2hmem 9.9.9 (scorer fake)");
else console.log(JSON.stringify({ id: "fake-id", status: "QUEUED", warnings: [] }));
`,
  );
  fake = await startRouteServer({ files: { "/downloads/h2hmem.mjs": fakeCli } });
  fakePin = { H2HMEM_CLI_VERSION: "9.9.9", H2HMEM_CLI_SHA256: sha256(fakeCli) };
  writeFileSync(
    path.join(dir, "prediction_dyadic.json"),
    syntheticPredictions(key.questions, "dyadic", { quality: 0.6, seed: 11 }),
  );
  writeFileSync(
    path.join(dir, "prediction_multiparty.json"),
    syntheticPredictions(key.questions, "multi-party", { quality: 0.5, seed: 12 }),
  );
  writeFileSync(path.join(dir, "broken.json"), '{"predictions": [');
  // Other files than the first test's: an identical upload would return that submission.
  writeFileSync(
    path.join(dir, "oidc_dyadic.json"),
    syntheticPredictions(key.questions, "dyadic", { quality: 0.55, seed: 21 }),
  );
  writeFileSync(
    path.join(dir, "oidc_multiparty.json"),
    syntheticPredictions(key.questions, "multi-party", { quality: 0.45, seed: 22 }),
  );
  issuer = await startFakeCiIssuer();
  tokenEndpoint = await startTokenEndpoint();
}, 180_000);

afterAll(async () => {
  await server?.close();
  await fake?.close();
  await tokenEndpoint?.close();
  await issuer?.close();
  await worker?.worker.close();
  await getQueue("scoring").obliterate({ force: true });
  await restoreActiveKey();
  if (author) await db.user.deleteMany({ where: { id: author.id } });
  await setEnv({});
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the submit action's script", () => {
  it("submits with the GitHub context, waits for the scores and writes them to the job summary", async () => {
    const r = await runAction({
      H2HMEM_DYADIC: "prediction_dyadic.json",
      H2HMEM_MULTIPARTY: "prediction_multiparty.json",
      H2HMEM_METHOD: "CI-Mem | v1",
      H2HMEM_BACKBONE: "gpt-x",
      H2HMEM_TRACK: "oracle-evidence",
      H2HMEM_CONTEXT_TOP_K: "3",
      H2HMEM_CONTEXT_TOKENS: "8192",
      H2HMEM_WAIT: "true",
    });
    expect(r.stderr).not.toContain(author.token);
    expect(r.code).toBe(0);
    const id = /submission-id=(\S+)/.exec(r.output)?.[1];
    expect(r.output).toContain("status=SCORED");
    const s = await db.submission.findUniqueOrThrow({ where: { id } });
    expect(s).toMatchObject({
      status: "SCORED",
      methodName: "CI-Mem | v1",
      backbone: "gpt-x",
      // The CLI's --track, --context-top-k and --context-tokens, sent as the multipart fields.
      track: "oracle-evidence",
      contextTopK: 3,
      contextTokens: 8192,
      sourceRepo: "acme/mem-ci",
      sourceCommit: "a".repeat(40),
      sourceRun: "https://github.com/acme/mem-ci/actions/runs/4242",
    });

    // The table holds the stored ALL-scope micro numbers, one row per split.
    expect(r.summary).toContain("### H2HMem: CI-Mem \\| v1");
    const lines = r.summary.split("\n").filter((l) => l.startsWith("| "));
    const header = lines[0]
      .split("|")
      .map((c) => c.trim())
      .filter(Boolean);
    expect(header.slice(0, 2)).toEqual(["Split", "n"]);
    expect(lines.slice(2).map((l) => l.split("|")[1].trim())).toEqual(["overall", "dyadic", "multi-party"]);
    const f1 = await db.score.findFirstOrThrow({
      where: { submissionId: id, split: "dyadic", scope: "ALL", aggregate: "micro", metric: header[2] },
    });
    const dyadicRow = lines
      .find((l) => l.startsWith("| dyadic "))!
      .split("|")
      .map((c) => c.trim());
    expect(dyadicRow[2]).toBe(String(f1.n));
    expect(dyadicRow[3].startsWith(f1.value.toFixed(4))).toBe(true);
  }, 240_000);

  it("fails the step (non-zero exit, a summary saying why) when a file is invalid, and uploads nothing", async () => {
    const before = await db.submission.count({ where: { userId: author.id } });
    const r = await runAction({
      H2HMEM_DYADIC: "broken.json",
      H2HMEM_MULTIPARTY: "prediction_multiparty.json",
      H2HMEM_METHOD: "CI-Mem broken",
    });
    expect(r.code).not.toBe(0);
    expect(r.summary).toMatch(/CI-Mem broken — failed/);
    expect(r.summary).toMatch(/broken\.json/);
    expect(r.output).not.toContain("submission-id=");
    expect(await db.submission.count({ where: { userId: author.id } })).toBe(before);

    // A missing input fails before anything is downloaded.
    const missing = await runAction({
      H2HMEM_DYADIC: "prediction_dyadic.json",
      H2HMEM_MULTIPARTY: "prediction_multiparty.json",
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/::error::Input method is required/);
  }, 240_000);

  const files = {
    H2HMEM_DYADIC: "prediction_dyadic.json",
    H2HMEM_MULTIPARTY: "prediction_multiparty.json",
    H2HMEM_METHOD: "CI-Mem pinned",
    H2HMEM_WAIT: "false",
  };

  it("runs the pinned CLI over loopback http with only PATH, HOME and H2HMEM_TOKEN in its environment", async () => {
    rmSync(fakeLog, { force: true });
    const r = await runAction({ ...files, ...fakePin, H2HMEM_URL: fake.url, OTHER_SECRET: "do-not-leak" });
    expect(r.code).toBe(0);
    expect(r.output).toContain("submission-id=fake-id");
    const runs = fakeRuns();
    expect(runs.map((x) => x.argv[0])).toEqual(["--version", "submit"]);
    for (const x of runs) {
      expect(Object.keys(x.env).sort()).toEqual(["H2HMEM_TOKEN", "HOME", "PATH"]);
      expect(x.env.H2HMEM_TOKEN).toBe(author.token);
      expect(x.argv.join(" ")).not.toContain(author.token);
    }
  }, 60_000);

  it("with id-token: write, hands the CLI only the OIDC token (never the runner's request credentials)", async () => {
    rmSync(fakeLog, { force: true });
    const r = await runAction({ ...files, ...fakePin, ...idTokenEnv(), H2HMEM_URL: fake.url });
    expect(r.code).toBe(0);
    expect(tokenEndpoint.audiences.at(-1)).toBe(fake.url);
    const [version, submit] = fakeRuns();
    expect(Object.keys(version!.env).sort()).toEqual(["H2HMEM_TOKEN", "HOME", "PATH"]);
    expect(Object.keys(submit!.env).sort()).toEqual(["H2HMEM_CI_TOKEN", "H2HMEM_TOKEN", "HOME", "PATH"]);
    expect(submit!.env.H2HMEM_CI_TOKEN!.split(".")).toHaveLength(3);
    expect(r.stdout).toContain(`::add-mask::${submit!.env.H2HMEM_CI_TOKEN}`);
  }, 60_000);

  it("with id-token: write, the real CLI's upload is verified by the server: the claims are recorded", async () => {
    await setEnv({ CI_OIDC_ISSUER: issuer.url, AUTH_URL: server.url });
    resetCiKeyCache();
    try {
      const r = await runAction({
        ...idTokenEnv(),
        H2HMEM_DYADIC: "oidc_dyadic.json",
        H2HMEM_MULTIPARTY: "oidc_multiparty.json",
        H2HMEM_METHOD: "CI-Mem verified",
        H2HMEM_WAIT: "false",
      });
      expect(r.code, r.stderr).toBe(0);
      const id = /submission-id=(\S+)/.exec(r.output)?.[1];
      const row = await db.submission.findUniqueOrThrow({ where: { id } });
      // From the token's claims (run_id 1234567890), not from GITHUB_RUN_ID (4242).
      expect(row).toMatchObject({ sourceRepo: GITHUB_LIKE_CLAIMS.repository, sourceRun: GITHUB_LIKE_CLAIMS.run_id });
      expect(row.sourceVerifiedAt).toBeInstanceOf(Date);
    } finally {
      await setEnv({ CI_OIDC_ISSUER: undefined, AUTH_URL: undefined });
    }
  }, 120_000);

  it("refuses a download whose sha256 is not the pinned one, before running it", async () => {
    rmSync(fakeLog, { force: true });
    const r = await runAction({ ...files, ...fakePin, H2HMEM_URL: fake.url, H2HMEM_CLI_SHA256: "0".repeat(64) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/::error::The downloaded CLI's sha256 is [0-9a-f]{64}, not the pinned 0{64}: not run/);
    expect(r.summary).toMatch(/sha256/);
    expect(fakeRuns()).toEqual([]);
    expect(r.output).not.toContain("submission-id=");

    const malformed = await runAction({ ...files, ...fakePin, H2HMEM_URL: fake.url, H2HMEM_CLI_SHA256: "abc" });
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/::error::Input sha256 must be 64 hex digits/);
    expect(fakeRuns()).toEqual([]);
  }, 60_000);

  it("refuses a CLI whose --version is not the pinned version, and does not submit with it", async () => {
    rmSync(fakeLog, { force: true });
    const r = await runAction({ ...files, ...fakePin, H2HMEM_URL: fake.url, H2HMEM_CLI_VERSION: "v1.2.3" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /::error::The downloaded CLI reports "h2hmem 9\.9\.9 \(scorer fake\)", not version 1\.2\.3/,
    );
    expect(fakeRuns().map((x) => x.argv[0])).toEqual(["--version"]);
  }, 60_000);

  it("refuses http:// to a host that is not loopback, before any request", async () => {
    for (const url of ["http://192.0.2.10:8080", "http://h2hmem.example.org", "http://127.0.0.1.example.org"]) {
      const r = await runAction({ ...files, ...fakePin, H2HMEM_URL: url });
      expect(r.code, url).toBe(1);
      expect(r.stderr, url).toMatch(/::error::Input url must be https:\/\/ \(http:\/\/ only to a loopback host/);
    }
    // https is not refused by that check (here it then fails to connect: .invalid never resolves).
    const https = await runAction({ ...files, ...fakePin, H2HMEM_URL: "https://h2hmem.invalid" });
    expect(https.code).toBe(1);
    expect(https.stderr).toMatch(/::error::Cannot reach https:\/\/h2hmem\.invalid/);
  }, 60_000);
});
