import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/dev/chromium.mjs";
import { newReceiptSigningKey } from "./scripts/dev/env-file.mjs";

// Browser tier. `npm test` provisions services and sets E2E_DATABASE_URL (h2hmem_e2e),
// REDIS_URL and E2E_PORT; scripts/dev/e2e-server.mjs migrates + seeds that database and
// runs the built app plus one worker. Chromium is Debian's (Playwright downloads none here).

const port = Number(process.env.E2E_PORT ?? 3310);
export const baseURL = `http://127.0.0.1:${port}`;
// The app mails sign-up links to a capture server that tests/e2e/signup.spec.ts runs on this port.
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);

/** The local Hugging Face stand-in (OpenID Connect, tests/support/fake-huggingface.ts) the app signs in with. */
export const hfPort = Number(process.env.E2E_HF_PORT ?? port + 2);
const hf = { id: "e2e-hf-client", secret: "e2e-hf-secret-0123456789", issuer: `http://127.0.0.1:${hfPort}` };

/** The bearer token of GET /api/metrics on the e2e server (tests/e2e/page-metrics.spec.ts). */
export const metricsToken = process.env.METRICS_TOKEN ?? "e2e-only-metrics-token-0123456789";

/** The database the webServer uses; specs that inspect it directly import this. */
export function e2eDatabaseUrl(): string {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = "/h2hmem_e2e";
    return u.toString();
  }
  return "postgresql://postgres@127.0.0.1:5432/h2hmem_e2e";
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? "list" : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: "node --import ./bin/register.mjs tests/support/fake-huggingface-server.ts",
      // Waits for the port (discovery answers GET only; the readiness probe may not).
      port: hfPort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        HF_STAND_IN_PORT: String(hfPort),
        HF_CLIENT_ID: hf.id,
        HF_CLIENT_SECRET: hf.secret,
        APP_ORIGIN: baseURL,
        NODE_ENV: "test",
      },
    },
    {
      command: "node scripts/dev/e2e-server.mjs",
      url: baseURL,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        DATABASE_URL: e2eDatabaseUrl(),
        REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
        QUEUE_PREFIX: process.env.QUEUE_PREFIX ?? `e2e-${process.pid}`,
        PORT: String(port),
        // The browser tests exercise the production server (next start), whatever the runner's
        // NODE_ENV is (npm test's service env says "test" for vitest).
        NODE_ENV: "production",
        AUTH_SECRET: process.env.AUTH_SECRET ?? "e2e-only-secret-not-for-production-0123456789",
        AUTH_URL: baseURL,
        RECEIPT_SIGNING_KEY: process.env.RECEIPT_SIGNING_KEY ?? newReceiptSigningKey(),
        // With mail configured, sign-up defaults to SIGNUP_MODE=confirm (a mailed link first).
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "H2HMem e2e <noreply@e2e.test>",
        NEXT_TELEMETRY_DISABLED: "1",
        METRICS_TOKEN: metricsToken,
        PAGE_CACHE_DEBUG: "true",
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        RECONCILE_INTERVAL_MS: "5000",
        // The seed's demo entries are uploaded as the demo author and count against its daily
        // quota; the browser tests upload as that author too (edit by web).
        DAILY_SUBMISSION_QUOTA: process.env.DAILY_SUBMISSION_QUOTA ?? "1000",
        // "Sign in with Hugging Face" against the stand-in above (tests/e2e/huggingface-sign-in.spec.ts).
        HF_CLIENT_ID: hf.id,
        HF_CLIENT_SECRET: hf.secret,
        HF_ISSUER: hf.issuer,
      },
    },
  ],
});
