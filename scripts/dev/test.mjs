// `npm test`: every test tier against real services, then one plain summary line.
//   1. Prisma client generated (if missing or older than the schema)
//   2. services: DATABASE_URL / REDIS_URL (local hosts only) or embedded ones
//      (scripts/dev/test-services.mjs); h2hmem_test dropped, recreated, migrated
//   3. vitest unit, vitest integration (serial), bundles + next build, playwright (tests/e2e)
//   4. "N passed, N failed" (sum over tiers); exit 1 on any failure
// Options: --only unit,integration,e2e   --skip-build (reuse .next even in CI)
//          -- <spec files or playwright options> (after the others: a subset of the e2e tier)
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawn } from "node:child_process";
import { buildIsCurrent, recordBuild, sourceHash } from "../../scripts/dev/build-state.mjs";
import { freePort, runNode } from "../../scripts/dev/services.mjs";
import { provisionTestServices } from "../../scripts/dev/test-services.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(root);
const args = process.argv.slice(2);
const onlyArg = args.includes("--only") ? args[args.indexOf("--only") + 1] : "unit,integration,e2e";
const tiers = new Set(onlyArg.split(","));
const skipBuild = args.includes("--skip-build");
const e2eArgs = args.includes("--") ? args.slice(args.indexOf("--") + 1) : [];
const CI = process.env.CI === "true" || process.env.CI === "1";
const out = mkdtempSync(path.join(os.tmpdir(), "h2hmem-test-results-"));
const totals = { passed: 0, failed: 0 };
const lines = [];
let current = null;
let services = null;

const say = (m) => console.log(`[test] ${m}`);
const secs = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

function run(cmdArgs, env) {
  return new Promise((resolve, reject) => {
    current = spawn(process.execPath, cmdArgs, { env: { ...process.env, ...env }, stdio: "inherit" });
    current.on("error", reject);
    current.on("exit", (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

function tally(name, passed, failed, note = "") {
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${name}: ${passed} passed, ${failed} failed${note ? ` (${note})` : ""}`);
}

async function vitestTier(project, env) {
  const t0 = Date.now();
  const json = path.join(out, `${project}.json`);
  say(`vitest --project ${project}`);
  const code = await run(
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--project",
      project,
      "--passWithNoTests",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${json}`,
    ],
    env,
  );
  if (!existsSync(json)) return tally(project, 0, 1, `vitest exited ${code} without results`);
  const r = JSON.parse(readFileSync(json, "utf8"));
  // Errors outside tests (unhandled rejections, failed imports) fail the tier without a failed test.
  const extra = code !== 0 && r.numFailedTests === 0 ? 1 : 0;
  tally(project, r.numPassedTests, r.numFailedTests + extra, `${secs(t0)}${extra ? `; vitest exited ${code}` : ""}`);
}

function hasE2eSpecs(dir = "tests/e2e") {
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? hasE2eSpecs(p) : /\.(spec|test)\.[cm]?[jt]sx?$/.test(n);
  });
}

async function buildTier() {
  // The compiled worker and CLI (a few seconds): always rebuilt, so e2e runs what production runs.
  const tb = Date.now();
  say("bundles (worker, CLI)");
  const bundles = await run(["scripts/build/bundles.mjs"], {});
  if (bundles !== 0) {
    tally("build", 0, 1, `scripts/build/bundles.mjs exited ${bundles}`);
    return false;
  }
  lines.push(`bundles: ok (${secs(tb)})`);
  if (skipBuild || (!CI && buildIsCurrent(root))) {
    say(`next build skipped (${skipBuild ? "--skip-build" : "sources unchanged since the last build"})`);
    return true;
  }
  const t0 = Date.now();
  const hash = sourceHash(root);
  say("next build");
  const code = await run(["node_modules/next/dist/bin/next", "build"], { NEXT_TELEMETRY_DISABLED: "1" });
  if (code !== 0) {
    tally("build", 0, 1, `next build exited ${code}`);
    return false;
  }
  recordBuild(root, hash);
  lines.push(`build: ok (${secs(t0)})`);
  return true;
}

async function e2eTier(env) {
  const t0 = Date.now();
  const json = path.join(out, "e2e.json");
  const port = await freePort(3310);
  // The sign-up spec captures the app's confirmation mails on this port (playwright.config.ts).
  let smtpPort = await freePort(port + 1);
  if (smtpPort === port) smtpPort = await freePort();
  say(`playwright test (app on port ${port}, mail capture on ${smtpPort})`);
  const code = await run(["node_modules/@playwright/test/cli.js", "test", "--reporter=list,json", ...e2eArgs], {
    ...env,
    E2E_PORT: String(port),
    E2E_SMTP_PORT: String(smtpPort),
    QUEUE_PREFIX: `e2e-${process.pid}`,
    PLAYWRIGHT_JSON_OUTPUT_NAME: json,
  });
  if (!existsSync(json)) return tally("e2e", 0, 1, `playwright exited ${code} without results`);
  const s = JSON.parse(readFileSync(json, "utf8")).stats ?? {};
  const failed = (s.unexpected ?? 0) + (code !== 0 && !s.unexpected ? 1 : 0);
  tally(
    "e2e",
    (s.expected ?? 0) + (s.flaky ?? 0),
    failed,
    `${secs(t0)}${s.flaky ? `; ${s.flaky} flaky` : ""}${s.skipped ? `; ${s.skipped} skipped` : ""}`,
  );
}

async function ensurePrismaClient() {
  const client = "generated/prisma/client.ts";
  if (existsSync(client) && statSync(client).mtimeMs >= statSync("prisma/schema.prisma").mtimeMs) return;
  say("generating the Prisma client");
  const code = await runNode(["scripts/dev/prisma-generate.mjs"]);
  if (code !== 0) throw new Error("prisma generate failed");
}

async function shutdown(code) {
  if (current) current.kill("SIGTERM");
  if (services) await services.stop();
  rmSync(out, { recursive: true, force: true });
  process.exit(code);
}

for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => shutdown(130));

async function main() {
  const t0 = Date.now();
  await ensurePrismaClient();
  if (tiers.has("unit")) await vitestTier("unit", { NODE_ENV: "test" });
  const needServices = tiers.has("integration") || tiers.has("e2e");
  if (needServices) {
    const ts = Date.now();
    services = await provisionTestServices({ e2e: tiers.has("e2e") });
    say(`services ready (${secs(ts)})`);
  }
  if (tiers.has("integration")) await vitestTier("integration", services.env);
  if (tiers.has("e2e")) {
    if (!hasE2eSpecs()) lines.push("e2e: no specs under tests/e2e");
    else if (await buildTier()) await e2eTier(services.env);
  }
  console.log(`\n[test] ${lines.join("\n[test] ")}\n[test] total ${secs(t0)}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  await shutdown(totals.failed > 0 ? 1 : 0);
}

main().catch(async (err) => {
  console.error(`[test] ${err.message}`);
  console.log(`${totals.passed} passed, ${totals.failed + 1} failed`);
  await shutdown(1);
});
