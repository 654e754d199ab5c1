import "server-only";
import { z } from "zod";
import { DEFAULT_MAX_ANSWER_CHARS } from "@/lib/scoring/validate";
import { NLTK_VERSIONS } from "@/lib/scoring/types";
import { previousKeysOf, signingKeyOf } from "./signing-keys";

// The one module that reads process.env, lazily so modules import without every variable set.

// The bundled fake judge's reserved model name: settings refuse it without JUDGE_DEMO.
export const DEMO_JUDGE_MODEL = "h2hmem-demo-judge";

function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

// Every variable's meaning and default is documented in .env.example.
const int = (min: number, fallback: number, max?: number) => {
  const n = z.coerce.number().int().min(min);
  return (max === undefined ? n : n.max(max)).default(fallback);
};
const httpUrl = () => z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const flag = () =>
  z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true");
// Kept as text (parsed where used); a key that does not parse is refused at start with its reason.
const keyText = (check: (s: string) => unknown) =>
  z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      try {
        if (v !== undefined) check(v);
      } catch (e) {
        ctx.addIssue({ code: "custom", message: (e as Error).message });
      }
    });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url("must be a postgres:// URL"),
  REDIS_URL: z.string().url("must be a redis:// URL").default("redis://127.0.0.1:6379"),
  AUTH_SECRET: z.string().min(16, "must be at least 16 characters (e.g. `openssl rand -base64 32`)").optional(),
  AUTH_URL: z.string().url().optional(),
  RECEIPT_SIGNING_KEY: keyText(signingKeyOf),
  RECEIPT_PREVIOUS_KEYS: keyText(previousKeysOf),
  TRUSTED_PROXY_HOPS: int(1, 1, 10),
  GITHUB_ID: z.string().optional(),
  GITHUB_SECRET: z.string().optional(),
  GITHUB_URL: httpUrl().optional(),
  GITHUB_API_URL: httpUrl().optional(),
  HF_CLIENT_ID: z.string().optional(),
  HF_CLIENT_SECRET: z.string().optional(),
  HF_ISSUER: httpUrl().default("https://huggingface.co"),
  CI_OIDC_ISSUER: httpUrl().default("https://token.actions.githubusercontent.com"),
  SIGNUP_MODE: z.enum(["open", "confirm", "closed"]).optional(),
  SMTP_URL: z.string().url("must be an smtp:// or smtps:// URL").optional(),
  MAIL_FROM: z.string().min(3).optional(),
  PORT: int(1, 3000, 65535),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters (e.g. `openssl rand -hex 24`)").optional(),
  PAGE_CACHE_DEBUG: flag(),
  QUEUE_PREFIX: z.string().default("h2hmem"),
  WORKER_CONCURRENCY: int(1, 2, 64),
  WORKER_HEALTH_PORT: int(0, 0, 65535),
  RECONCILE_INTERVAL_MS: int(1000, 30000),
  LOW_N_MIN: int(0, 30),
  ENQUEUE_TIMEOUT_MS: int(100, 2000),
  JOB_ATTEMPTS: int(1, 5, 50),
  JOB_BACKOFF_MS: int(100, 2000),
  WORKER_LOCK_DURATION_MS: int(500, 30000),
  WORKER_STALLED_INTERVAL_MS: int(500, 30000),
  WORKER_SHUTDOWN_TIMEOUT_MS: int(0, 60000),
  WEBHOOK_ALLOW_PRIVATE: flag(),
  WEBHOOK_TIMEOUT_MS: int(100, 10000),
  WEBHOOK_MAX_ATTEMPTS: int(1, 6, 20),
  WEBHOOK_BACKOFF_MS: int(10, 30000),
  // 2 MiB keeps /api/health within a second while uploads are validated on the request path.
  UPLOAD_MAX_BYTES: int(1024, 2 * 1024 * 1024),
  UPLOAD_MAX_PREDICTIONS: int(1, 20000),
  UPLOAD_MAX_ANSWER_CHARS: int(1, DEFAULT_MAX_ANSWER_CHARS),
  DAILY_SUBMISSION_QUOTA: int(0, 5),
  DISPUTE_DAILY_QUOTA: int(0, 3),
  UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT: int(1, 2, 100),
  UPLOAD_MAX_CONCURRENT_PER_PROCESS: int(1, 4, 1000),
  UPLOAD_SLOT_TTL_MS: int(1000, 10 * 60 * 1000),
  UPLOAD_BODY_TIMEOUT_MS: int(1000, 2 * 60 * 1000),
  JSON_BODY_MAX_BYTES: int(1024, 64 * 1024),
  LEXICAL_TOKENIZER: z.enum(["nltk", "whitespace"]).default("nltk"),
  LEXICAL_NLTK: z.enum(NLTK_VERSIONS).default("3.5"),
  JUDGE_BASE_URL: z.string().url().optional(),
  JUDGE_API_KEY: z.string().optional(),
  JUDGE_MODEL: z.string().default("gpt-4o-mini"),
  JUDGE_BATCH_SIZE: int(1, 20, 200),
  JUDGE_CONCURRENCY: int(1, 8, 64),
  JUDGE_TIMEOUT_MS: int(1000, 30000),
  JUDGE_MAX_RETRIES: int(0, 5, 20),
  JUDGE_RPM: int(1, 500),
  JUDGE_DAILY_CALLS: int(0, 0),
  JUDGE_MAX_TOKENS: z.coerce.number().int().min(64).max(65_536).optional(),
  JUDGE_PROMPT_FILE: z.string().optional(),
  JUDGE_DEMO: flag(),
  JUDGE_CALIBRATION_SAMPLE: int(1, 300, 100_000),
  JUDGE_PANEL_BASE_URL: z.string().url().optional(),
  JUDGE_PANEL_MODEL: z.string().optional(),
  JUDGE_PANEL_API_KEY: z.string().optional(),
});

// Mailed links use AUTH_URL, never the request's Host header (which a client controls).
const checked = schema.superRefine((e, ctx) => {
  const need = (when: boolean, path: string, message: string) =>
    when && ctx.addIssue({ code: "custom", path: [path], message });
  need(Boolean(e.SMTP_URL) && !e.MAIL_FROM, "MAIL_FROM", "is required when SMTP_URL is set");
  need(Boolean(e.MAIL_FROM) && !e.SMTP_URL, "SMTP_URL", "is required when MAIL_FROM is set");
  need(Boolean(e.SMTP_URL) && !e.AUTH_URL, "AUTH_URL", "is required when SMTP_URL is set (links in mails point there)");
  need(e.SIGNUP_MODE === "confirm" && !e.SMTP_URL, "SIGNUP_MODE", "confirm needs SMTP_URL and MAIL_FROM");
  need(
    e.JUDGE_MODEL === DEMO_JUDGE_MODEL && !e.JUDGE_DEMO,
    "JUDGE_MODEL",
    `${DEMO_JUDGE_MODEL} is reserved for the demo judge (JUDGE_DEMO=true)`,
  );
  need(
    Boolean(e.JUDGE_PANEL_BASE_URL) && !e.JUDGE_PANEL_MODEL,
    "JUDGE_PANEL_MODEL",
    "is required when JUDGE_PANEL_BASE_URL is set",
  );
  need(
    e.JUDGE_PANEL_MODEL === DEMO_JUDGE_MODEL,
    "JUDGE_PANEL_MODEL",
    `${DEMO_JUDGE_MODEL} is reserved for the demo judge`,
  );
  need(e.JUDGE_DEMO && !e.JUDGE_BASE_URL, "JUDGE_DEMO", "needs JUDGE_BASE_URL (the fake judge's URL)");
  need(
    e.JUDGE_DEMO && Boolean(e.JUDGE_BASE_URL) && !isLoopbackUrl(e.JUDGE_BASE_URL!),
    "JUDGE_DEMO",
    "the demo judge runs on this machine: JUDGE_BASE_URL must be a loopback address",
  );
});

type Env = z.infer<typeof schema>;

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvError";
  }
}

let cached: Env | undefined;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // `JUDGE_BASE_URL=` in .env means "not configured".
  const cleaned: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  // `next build` may run without a database: an unresolvable host (RFC 2606) fails any prerender that queries it.
  const building = source.NEXT_PHASE === "phase-production-build";
  if (building) cleaned.DATABASE_URL ??= "postgresql://prerender@database.invalid/none";
  const result = checked.safeParse(cleaned);
  const lines = result.success ? [] : result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
  // Else links, CI token audiences and the sign-in callback would follow the request's Host header.
  if (cleaned.NODE_ENV === "production" && !cleaned.AUTH_URL && !building)
    lines.push(
      "  AUTH_URL: is required when NODE_ENV=production: the site's public URL, e.g. https://leaderboard.example.org",
    );
  // Else every replica would need the same generated key, and receipts would die with the process.
  if (cleaned.NODE_ENV === "production" && !cleaned.RECEIPT_SIGNING_KEY && !building)
    lines.push(
      "  RECEIPT_SIGNING_KEY: is required when NODE_ENV=production: an Ed25519 PKCS#8 PEM (`openssl genpkey -algorithm ed25519`), the same on every replica",
    );
  if (!result.success || lines.length > 0) {
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example for every variable.`);
  }
  return result.data;
}

function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

type GitHubEndpoints = { webUrl: string; apiUrl: string; enterprise: boolean };

export function gitHubEndpoints(e: Pick<Env, "GITHUB_URL" | "GITHUB_API_URL"> = getEnv()): GitHubEndpoints {
  const webUrl = (e.GITHUB_URL ?? "https://github.com").replace(/(?<!\/)\/+$/, "");
  const enterprise = !/^(www\.)?github\.com$/i.test(new URL(webUrl).hostname);
  const apiUrl = (e.GITHUB_API_URL ?? (enterprise ? `${webUrl}/api/v3` : "https://api.github.com")).replace(
    /(?<!\/)\/+$/,
    "",
  );
  return { webUrl, apiUrl, enterprise };
}

export function huggingFaceEnabled(e: Pick<Env, "HF_CLIENT_ID" | "HF_CLIENT_SECRET"> = getEnv()): boolean {
  return Boolean(e.HF_CLIENT_ID && e.HF_CLIENT_SECRET);
}

/** For process entry points: a bad environment stops the process with the list of problems, not a stack. */
export function checkEnvOrExit(processName: string): void {
  if (process.env.NEXT_RUNTIME === "edge") return; // no process to stop there
  try {
    getEnv();
  } catch (e) {
    if (!(e instanceof EnvError)) throw e;
    console.error(`The ${processName} did not start. ${e.message}`);
    process.exit(1);
  }
}

export function resetEnvCache(): void {
  cached = undefined;
}

export const env: Env = new Proxy({} as Env, {
  get: (_t, key: string) => getEnv()[key as keyof Env],
});
