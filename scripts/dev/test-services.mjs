// Test services: DATABASE_URL / REDIS_URL when set (local only: test databases are dropped), else embedded ones.
import { mkdtempSync, rmSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  freePort,
  isLocalUrl,
  isRoot,
  migrateDatabase,
  recreateDatabase,
  redact,
  redisPing,
  startEmbeddedPostgres,
  startRedis,
  withDatabase,
} from "./services.mjs";

const TEST_DB = "h2hmem_test";
const E2E_DB = "h2hmem_e2e";

export async function provisionTestServices({
  e2e = true,
  log = (m) => console.log(`[test] ${m}`),
  cwd = process.cwd(),
} = {}) {
  const stops = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((e) => console.error(`[test] cleanup: ${e.message}`));
    stops.length = 0;
  };
  try {
    let serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      if (!isLocalUrl(serverUrl)) {
        throw new Error(
          `refusing to run tests against non-local database ${redact(serverUrl)}: tests drop and recreate ${TEST_DB}/${E2E_DB}. Use localhost, 127.0.0.1, ::1 or a unix socket, or unset DATABASE_URL to use an embedded PostgreSQL.`,
        );
      }
      log(`PostgreSQL: using DATABASE_URL's server ${redact(withDatabase(serverUrl, ""))}`);
    } else {
      // A fresh cluster per run under the OS temp dir (reachable by user postgres when root).
      const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-test-"));
      if (isRoot()) chmodSync(dir, 0o755);
      const t0 = Date.now();
      const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), port: await freePort(), fast: true });
      stops.push(async () => {
        await pg.stop();
        rmSync(dir, { recursive: true, force: true });
      });
      serverUrl = pg.url;
      log(`PostgreSQL: embedded, ${redact(serverUrl)} (${Date.now() - t0} ms)`);
    }
    let redisUrl = process.env.REDIS_URL;
    if (redisUrl) {
      if (!isLocalUrl(redisUrl))
        throw new Error(
          `refusing to run tests against non-local Redis ${redact(redisUrl)}; unset REDIS_URL to start a local redis-server`,
        );
      if (!(await redisPing(redisUrl)))
        throw new Error(`Redis at ${redact(redisUrl)} (REDIS_URL) does not answer PING`);
      log(`Redis: using REDIS_URL ${redact(redisUrl)}`);
    } else {
      const redis = await startRedis({ port: await freePort() });
      stops.push(redis.stop);
      redisUrl = redis.url;
      log(`Redis: started redis-server on ${redisUrl}`);
    }
    const testUrl = withDatabase(serverUrl, TEST_DB);
    const t1 = Date.now();
    await recreateDatabase(serverUrl, TEST_DB);
    await migrateDatabase(testUrl, { cwd, stdio: ["ignore", "ignore", "inherit"] });
    log(`database ${TEST_DB} recreated and migrated (${Date.now() - t1} ms)`);
    const env = {
      DATABASE_URL: testUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: `test-${process.pid}`,
      H2HMEM_TEST_SERVICES: "1",
      NODE_ENV: "test",
      AUTH_SECRET: process.env.AUTH_SECRET || "integration-test-secret-not-for-production-0123",
    };
    if (e2e) {
      await recreateDatabase(serverUrl, E2E_DB);
      env.E2E_DATABASE_URL = withDatabase(serverUrl, E2E_DB);
    }
    return { env, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
