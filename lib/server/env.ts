import "server-only";
import { z } from "zod";
import { DEFAULT_MAX_ANSWER_CHARS } from "@/lib/scoring/validate";
import { NLTK_VERSIONS } from "@/lib/scoring/types";

// The one module that reads process.env. Parsing is lazy so modules import without every variable
// set (tests, `next build`); the first access fails with one message naming each bad variable.

// The bundled fake judge's reserved model name (scripts/dev/fake-judge-server.ts): settings refuse it
// without JUDGE_DEMO; lib/server/judge/demo-judge.ts labels the versions that carry it.
export const DEMO_JUDGE_MODEL = "h2hmem-demo-judge";

/** True for the loopback addresses the fake judge listens on. */
function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url("must be a postgres:// URL"),
  REDIS_URL: z.string().url("must be a redis:// URL").default("redis://127.0.0.1:6379"),
  AUTH_SECRET: z.string().min(16, "must be at least 16 characters (e.g. `openssl rand -base64 32`)").optional(),
  AUTH_URL: z.string().url().optional(),
  // Reverse proxies in front of the app that append to X-Forwarded-For (nginx, a load balancer...).
  // The client address is the entry this many places from the right; entries further left are
  // whatever the client sent and must never key a rate limit.
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  GITHUB_ID: z.string().optional(),
  GITHUB_SECRET: z.string().optional(),
  // GitHub Enterprise Server base URL; default github.com. gitHubEndpoints() derives the API URL.
  GITHUB_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  // GitHub REST API base (profile and email look-ups at sign-in). Unset: https://api.github.com
  // for github.com, <GITHUB_URL>/api/v3 for a GitHub Enterprise Server.
  GITHUB_API_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  // Hugging Face sign-in (OpenID Connect); on when both are set. HF_ISSUER: discovery base, for tests and mirrors.
  HF_CLIENT_ID: z.string().optional(),
  HF_CLIENT_SECRET: z.string().optional(),
  HF_ISSUER: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://huggingface.co"),
  // Who issues the CI tokens the GitHub Action sends (GitHub Actions' OIDC; a GHES host's /_services/token).
  CI_OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .default("https://token.actions.githubusercontent.com"),
  // Self-service sign-up: open (active at once), confirm (mailed link first), closed (CLI only).
  // Unset: confirm when SMTP is configured, else open.
  SIGNUP_MODE: z.enum(["open", "confirm", "closed"]).optional(),
  SMTP_URL: z.string().url("must be an smtp:// or smtps:// URL").optional(),
  MAIL_FROM: z.string().min(3).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  // Bearer token for GET /api/metrics; unset = the endpoint answers 404 (off by default).
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters (e.g. `openssl rand -hex 24`)").optional(),
  QUEUE_PREFIX: z.string().default("h2hmem"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1000).default(30000),
  // Score cells over fewer questions than this are marked low-n on the board and entry pages (0 = never).
  LOW_N_MIN: z.coerce.number().int().min(0).default(30),
  // Enqueue must fail fast when Redis is down: the reconciler retries.
  ENQUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  JOB_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  JOB_BACKOFF_MS: z.coerce.number().int().min(100).default(2000),
  // A killed worker's job is taken over after lockDuration; tests shorten both.
  WORKER_LOCK_DURATION_MS: z.coerce.number().int().min(500).default(30000),
  WORKER_STALLED_INTERVAL_MS: z.coerce.number().int().min(500).default(30000),
  WORKER_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(60000),
  // Webhooks: private/loopback/link-local targets only when true (tests, local setups).
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(10).default(30000),
  // Per file. Validation runs on the request path: 2 MiB keeps /api/health within a second while
  // UPLOAD_MAX_CONCURRENT_PER_PROCESS uploads are validated; a full submission is about 1 MB.
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  UPLOAD_MAX_PREDICTIONS: z.coerce.number().int().min(1).default(20000),
  UPLOAD_MAX_ANSWER_CHARS: z.coerce.number().int().min(1).default(DEFAULT_MAX_ANSWER_CHARS),
  DAILY_SUBMISSION_QUOTA: z.coerce.number().int().min(0).default(5),
  // Uploads one account may have in flight at once (shared through Redis by every web instance),
  // uploads one web process reads at once, and how long a slot lives if its holder crashes.
  UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(2),
  UPLOAD_MAX_CONCURRENT_PER_PROCESS: z.coerce.number().int().min(1).max(1000).default(4),
  UPLOAD_SLOT_TTL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60 * 1000),
  // How long an upload's body may take to arrive (then 408 and the slots are freed); 2 minutes
  // carries the 4.3 MB maximum at 36 KB/s.
  UPLOAD_BODY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(2 * 60 * 1000),
  // Ceiling for every JSON request body (retry, review decisions, admin edits); default 64 KiB.
  JSON_BODY_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  LEXICAL_TOKENIZER: z.enum(["nltk", "whitespace"]).default("nltk"),
  // Which NLTK's behaviour the lexical metrics follow: 3.5, the benchmark's pin, or 3.8 (>= 3.6.6).
  LEXICAL_NLTK: z.enum(NLTK_VERSIONS).default("3.5"),
  JUDGE_BASE_URL: z.string().url().optional(),
  JUDGE_API_KEY: z.string().optional(),
  JUDGE_MODEL: z.string().default("gpt-4o-mini"),
  JUDGE_BATCH_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  JUDGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  JUDGE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30000),
  JUDGE_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
  JUDGE_RPM: z.coerce.number().int().min(1).default(500),
  // max_tokens of every judge request. Unset: sized for JUDGE_BATCH_SIZE (defaultReplyTokens).
  JUDGE_MAX_TOKENS: z.coerce.number().int().min(64).max(65_536).optional(),
  JUDGE_PROMPT_FILE: z.string().optional(),
  // The judge at JUDGE_BASE_URL is the bundled deterministic fake (scripts/dev/fake-judge-server.ts), as the
  // quick start runs it: its scores go under the reserved model name and are labelled "demo judge".
  JUDGE_DEMO: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  // The judge card (docs/JUDGE.md): questions per calibration kind, and an optional second judge.
  JUDGE_CALIBRATION_SAMPLE: z.coerce.number().int().min(1).max(100_000).default(300),
  JUDGE_PANEL_BASE_URL: z.string().url().optional(),
  JUDGE_PANEL_MODEL: z.string().optional(),
  JUDGE_PANEL_API_KEY: z.string().optional(),
});

// Settings that only make sense together. Mailed links use AUTH_URL, never the request's Host
// header (which a client controls).
const checked = schema.superRefine((e, ctx) => {
  const need = (when: boolean, path: string, message: string) =>
    when && ctx.addIssue({ code: "custom", path: [path], message });
  need(Boolean(e.SMTP_URL) && !e.MAIL_FROM, "MAIL_FROM", "is required when SMTP_URL is set");
  need(Boolean(e.MAIL_FROM) && !e.SMTP_URL, "SMTP_URL", "is required when MAIL_FROM is set");
  need(Boolean(e.SMTP_URL) && !e.AUTH_URL, "AUTH_URL", "is required when SMTP_URL is set (links in mails point there)");
  need(e.SIGNUP_MODE === "confirm" && !e.SMTP_URL, "SIGNUP_MODE", "confirm needs SMTP_URL and MAIL_FROM");
  // The reserved name is the demo label: a real judge must never carry it, the fake judge always does.
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
  // Treat empty strings as unset so `.env` lines like `JUDGE_BASE_URL=` mean "not configured".
  const cleaned: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  // `next build` may run where no database exists (the Docker image's build stage): a placeholder
  // that cannot resolve (.invalid, RFC 2606), so a prerendered page that touched the database
  // would fail the build instead of baking data in.
  if (source.NEXT_PHASE === "phase-production-build")
    cleaned.DATABASE_URL ??= "postgresql://prerender@database.invalid/none";
  const result = checked.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example for every variable.`);
  }
  return result.data;
}

function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

type GitHubEndpoints = { webUrl: string; apiUrl: string; enterprise: boolean };

/** Where GitHub sign-in goes: the web host (authorize, token) and the REST API base. */
export function gitHubEndpoints(e: Pick<Env, "GITHUB_URL" | "GITHUB_API_URL"> = getEnv()): GitHubEndpoints {
  const webUrl = (e.GITHUB_URL ?? "https://github.com").replace(/(?<!\/)\/+$/, "");
  const enterprise = !/^(www\.)?github\.com$/i.test(new URL(webUrl).hostname);
  // GitHub Enterprise Server serves its API under /api/v3 of the web host; github.com does not.
  const apiUrl = (e.GITHUB_API_URL ?? (enterprise ? `${webUrl}/api/v3` : "https://api.github.com")).replace(
    /(?<!\/)\/+$/,
    "",
  );
  return { webUrl, apiUrl, enterprise };
}

/** Whether "Sign in with Hugging Face" is offered (HF_CLIENT_ID and HF_CLIENT_SECRET set). */
export function huggingFaceEnabled(e: Pick<Env, "HF_CLIENT_ID" | "HF_CLIENT_SECRET"> = getEnv()): boolean {
  return Boolean(e.HF_CLIENT_ID && e.HF_CLIENT_SECRET);
}

/** For tests and scripts that change the environment after start-up. */
export function resetEnvCache(): void {
  cached = undefined;
}

export const env: Env = new Proxy({} as Env, {
  get: (_t, key: string) => getEnv()[key as keyof Env],
});
