// Shared by the benches that start the built app (board.ts, rank-history.ts).
import { withDatabase } from "../dev/services.mjs";

/** `--name N` from the command line. */
export const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

/** `--db NAME` on DATABASE_URL's server (the bench drops and recreates it). */
export function benchDatabase(defaultName: string): { DB: string; server: string; url: string } {
  const i = process.argv.indexOf("--db");
  const DB = i > 0 ? process.argv[i + 1]! : defaultName;
  const server = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  return { DB, server, url: withDatabase(server, DB) as string };
}

/** Resolves once the server answers a static file (a minute at most). */
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

/** A fresh X-Forwarded-For per request: the per-address API limiter is exercised but does not cap a run. */
export const randomIp = () =>
  `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;
