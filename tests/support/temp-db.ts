import pg from "pg";

// Throw-away databases next to the test database (same server, name derived from it),
// for tests that need an empty database (migrations, schema parity).

export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      "DATABASE_URL is not set: run integration tests via `npm test` (or set it to a local test database)",
    );
  return url;
}

export type TempDb = { url: string; name: string; drop: () => Promise<void> };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new empty database (not created when `create` is false: for create-if-missing tests). */
export async function tempDatabase(label: string, opts: { create?: boolean } = {}): Promise<TempDb> {
  const base = testDatabaseUrl();
  const baseName = new URL(base).pathname.slice(1) || "h2hmem_test";
  const name = `${baseName}_${label}_${process.pid}_${Math.random().toString(36).slice(2, 7)}`.toLowerCase();
  if (opts.create !== false) await admin(base, (c) => c.query(`CREATE DATABASE "${name}"`));
  return {
    url: withDatabase(base, name),
    name,
    drop: () => admin(base, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
