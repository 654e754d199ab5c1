// Shared pieces of the web benchmarks (board, rank-history, archive): arguments, the seeded
// score rows, and a `next start` server against the bench database.
import { spawn } from "node:child_process";
import type pg from "pg";
import { CATEGORY_CODES, MAIN_TYPES } from "../../lib/scoring/types";
import { withDatabase } from "../dev/services.mjs";
import { newReceiptSigningKey } from "../dev/env-file.mjs";

export const numArg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

export const randomIp = () =>
  `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;

/** Every row the scorer writes for each submission: 3 splits x 13 scopes x 4 lexical metrics x 2 aggregates. */
export async function seedScores(c: pg.Client, version: string): Promise<void> {
  await c.query(
    `INSERT INTO "Score"(id, "submissionId", "scorerVersion", split, scope, metric, aggregate, value, "ciLow", "ciHigh", n)
     SELECT md5(t.sid || t.sp || t.sc || t.m || t.a), t.sid, $1, t.sp, t.sc, t.m, t.a, t.v, greatest(0, t.v - 0.03), least(1, t.v + 0.03), 120
     FROM (SELECT s.id AS sid, sp, sc, m, a, 0.05 + random() * 0.9 AS v
           FROM "Submission" s, unnest($2::text[]) sp, unnest($3::text[]) sc, unnest($4::text[]) m, unnest($5::text[]) a) t`,
    [
      version,
      ["overall", "dyadic", "multi-party"],
      ["ALL", ...MAIN_TYPES, ...CATEGORY_CODES],
      ["f1", "bleu1", "precision", "recall"],
      ["micro", "macro"],
    ],
  );
}

/** `next start` on the bench database, without the judge settings of the caller's environment. */
export function startNext(port: number, databaseUrl: string, queuePrefix: string, extra: Record<string, string> = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("JUDGE_")),
  ) as NodeJS.ProcessEnv;
  return spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...env,
      DATABASE_URL: databaseUrl,
      QUEUE_PREFIX: queuePrefix,
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      AUTH_SECRET: env.AUTH_SECRET ?? "bench-only-secret-0123456789abcdef0123",
      // `next start` runs with NODE_ENV=production, where AUTH_URL is required.
      AUTH_URL: env.AUTH_URL ?? `http://127.0.0.1:${port}`,
      RECEIPT_SIGNING_KEY: env.RECEIPT_SIGNING_KEY ?? newReceiptSigningKey(),
      ...extra,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** `--db NAME` on DATABASE_URL's server (the bench drops and recreates it). */
export function benchDatabase(defaultName: string): { DB: string; server: string; url: string } {
  const i = process.argv.indexOf("--db");
  const DB = i > 0 ? process.argv[i + 1]! : defaultName;
  const server = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  return { DB, server, url: withDatabase(server, DB) as string };
}

export async function waitUp(base: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${base}/favicon.ico`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}
