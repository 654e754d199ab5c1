// The database-backed CLI commands and the seed, run as real processes against the test database.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listApiTokens, revokeApiToken, verifyApiToken } from "@/lib/server/auth/api-tokens";
import { db } from "@/lib/server/db";
import { redactUrl } from "@/lib/server/migrate";
import { getQueue } from "@/lib/server/queue";
import { TS } from "../../../scripts/dev/services.mjs";
import { datasetWithoutScenes } from "../../support/dataset-layouts";
import { freePort, ROOT, setEnv, restoreActiveKey, rememberActiveKey } from "../../support/pipeline-helpers";
import { withIsolatedDatabase } from "../../support/isolated-db";

// Its own database: importing the seed key is a real activation (it pins the board and queues
// re-scores of every approved and pending submission), which must not touch other files' rows.
withIsolatedDatabase("cli");

const prefix = `${process.env.QUEUE_PREFIX ?? "test"}-cli-${process.pid}`;

function cli(...args: string[]) {
  return cliWith({}, ...args);
}

function cliWith(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(ROOT, "bin/h2hmem.mjs"), ...args], {
    cwd: ROOT,
    env: { ...process.env, QUEUE_PREFIX: prefix, LOG_LEVEL: "warn", ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(async () => {
  await setEnv({ QUEUE_PREFIX: prefix });
  await rememberActiveKey();
});

afterAll(async () => {
  await restoreActiveKey();
  await getQueue("scoring").obliterate({ force: true });
  await setEnv({});
});

describe("h2hmem answer-key / user / token", () => {
  it("imports the answer key idempotently and activates it", async () => {
    const first = cli("answer-key", "import", "prisma/seed-data/dataset", "--label", "seed");
    expect(first.stderr).toMatch(/^h2hmem: database postgresql:\S+ \(from DATABASE_URL\)\n$/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /(Imported|Already imported) answer key \S+: \d+ questions from \d+ files; now active/,
    );
    // Gold evidence per split and category (issue 48): session0's cross-session questions and the
    // S4-2 item naming another dialogue have none.
    expect(first.stdout).toContain("Gold evidence (answer_session read as sessionK): 33 of 45 questions usable.\n");
    expect(first.stdout).toContain("  dyadic KR: 0 of 2\n  dyadic TR: 0 of 2\n");
    expect(first.stdout).toContain("  multi-party TTL: 0 of 1\n");
    const again = cli("answer-key", "import", "prisma/seed-data/dataset");
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Already imported/);
    expect(again.stdout).toContain("33 of 45 questions usable");
    const key = await db.answerKeyVersion.findFirstOrThrow({ where: { active: true } });
    expect(await db.referenceQuestion.count({ where: { versionId: key.id, evidenceSession: { not: null } } })).toBe(33);
    const versions = await db.answerKeyVersion.findMany({ where: { active: true } });
    expect(versions).toHaveLength(1);
    expect(cli("answer-key", "import", "/nonexistent-folder").code).toBe(1);
  }, 300_000); // each CLI run is a process start: ~10 s on the shared machine under load

  it("creates a user and a token that verifies (and stops verifying once revoked)", async () => {
    const email = `cli-${process.pid}-${Date.now()}@Test.Local`;
    // The password from H2HMEM_PASSWORD (not argv, which every local user can read).
    const created = cliWith({ H2HMEM_PASSWORD: "long-enough-password" }, "user", "create", "--email", email, "--admin");
    expect(created.code).toBe(0);
    expect(created.stderr).not.toMatch(/warning/);
    const user = await db.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    expect(user.role).toBe("ADMIN");
    expect(user.passwordHash).toMatch(/^\$2[aby]\$/);
    expect(cli("user", "create", "--email", email, "--password", "long-enough-password").code).toBe(1); // duplicate
    const short = cli("user", "create", "--email", "x@y.z", "--password", "short");
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/warning: --password on the command line/);
    // The web's password rule: 10 characters, at most 72 bytes, not the email.
    expect(cli("user", "create", "--email", "x@y.z", "--password", "nine-char").code).toBe(1);
    expect(cli("user", "create", "--email", "x@y.z", "--password", "a".repeat(73)).code).toBe(1);
    // No password anywhere and no terminal: a usage error naming H2HMEM_PASSWORD.
    const none = cli("user", "create", "--email", "x@y.z");
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/H2HMEM_PASSWORD/);

    const token = cli("token", "create", "--email", email, "--name", "ci");
    expect(token.code).toBe(0);
    const plain = token.stdout.trim();
    expect(plain).toMatch(/^h2h_[A-Za-z0-9_-]{43}$/);
    const stored = await db.apiToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).not.toContain(plain.slice(4)); // only the hash is stored
    expect(await verifyApiToken(plain)).toMatchObject({ userId: user.id });
    expect(await verifyApiToken(plain.slice(0, -1) + (plain.endsWith("A") ? "B" : "A"))).toBeNull();
    expect((await listApiTokens(user.id))[0].lastUsedAt).not.toBeNull();
    await revokeApiToken(user.id, stored.id);
    expect(await verifyApiToken(plain)).toBeNull();
    expect(cli("token", "create", "--email", "nobody@nowhere.local", "--name", "x").code).toBe(1);

    // Scopes (default submit,read; admin for an administrator) and an expiry (default 90 days).
    expect(stored.scopes).toEqual(["submit", "read"]);
    const days = (d: Date) => (d.getTime() - stored.createdAt.getTime()) / (24 * 3600 * 1000);
    expect(days(stored.expiresAt!)).toBeCloseTo(90, 2);
    const scoped = cli(
      "token",
      "create",
      "--email",
      email,
      "--name",
      "ops",
      "--scopes",
      "read, admin",
      "--expires-days",
      "7",
    );
    expect(scoped.code).toBe(0);
    expect(scoped.stderr).toMatch(/scopes read,admin; expires \d{4}-/);
    const ops = await db.apiToken.findFirstOrThrow({ where: { userId: user.id, name: "ops" } });
    expect(ops.scopes).toEqual(["read", "admin"]);
    expect(ops.expiresAt!.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(cli("token", "list", "--email", email).stdout).toMatch(/ops {2}scopes read,admin .* expires \d{4}-/);
    expect(cli("token", "create", "--email", email, "--name", "bad", "--scopes", "write").code).toBe(1);
    expect(cli("token", "create", "--email", email, "--name", "bad", "--expires-days", "soon").code).toBe(1);
    // "never", asked for by name, is the only way to a token without expiry.
    expect(cli("token", "create", "--email", email, "--name", "forever", "--expires-days", "never").code).toBe(0);
    expect((await db.apiToken.findFirstOrThrow({ where: { userId: user.id, name: "forever" } })).expiresAt).toBeNull();
  }, 300_000);

  it("audits `token create` and `token revoke` like the browser does (actor: none, the CLI), and refuses a blank name", async () => {
    const email = `cli-audit-${process.pid}-${Date.now()}@test.local`;
    expect(cli("user", "create", "--email", email, "--password", "long-enough-password").code).toBe(0);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(cli("token", "create", "--email", email, "--name", "ci").code).toBe(0);
    const token = await db.apiToken.findFirstOrThrow({ where: { userId: user.id } });
    const trail = () => db.auditEvent.findMany({ where: { targetId: token.id }, orderBy: { createdAt: "asc" } });
    expect(await trail()).toMatchObject([
      { action: "token.create", targetType: "ApiToken", actorId: null, details: { name: "ci" } },
    ]);

    expect(cli("token", "revoke", "--email", email, "--id", token.id).code).toBe(0);
    expect(cli("token", "revoke", "--email", email, "--id", token.id).code).toBe(0); // already revoked: no second row
    expect((await trail()).map((e) => [e.action, e.actorId])).toEqual([
      ["token.create", null],
      ["token.revoke", null],
    ]);

    const blank = cli("token", "create", "--email", email, "--name", "   ");
    expect(blank.code).toBe(1);
    expect(blank.stderr).toMatch(/Token name/);
    // The admin scope only for administrators.
    const admin = cli("token", "create", "--email", email, "--name", "ops", "--scopes", "admin");
    expect(admin.code).toBe(1);
    expect(admin.stderr).toMatch(/administrators/);
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(1);
  }, 300_000);
});

describe("server commands find the quick start's database (issue 45, point 2)", () => {
  /** The CLI run from `cwd` with neither DATABASE_URL nor REDIS_URL in its environment. */
  function cliIn(cwd: string, ...args: string[]) {
    const env: NodeJS.ProcessEnv = { ...process.env, QUEUE_PREFIX: prefix, LOG_LEVEL: "warn" };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const r = spawnSync(process.execPath, [path.join(ROOT, "bin/h2hmem.mjs"), ...args], {
      cwd,
      env,
      encoding: "utf8",
      timeout: 120_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }
  /** A folder, with a quick start's services file when `services` is given. */
  function folder(services?: Record<string, string>): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-cli-cwd-"));
    if (services) {
      mkdirSync(path.join(dir, ".data"));
      const lines = Object.entries(services).map(([k, v]) => `${k}=${v}\n`);
      writeFileSync(path.join(dir, ".data", "services.env"), `# as the quick start writes it\n${lines.join("")}`);
    }
    return dir;
  }

  it("read .data/services.env when DATABASE_URL is unset, and say which database they use", () => {
    const url = process.env.DATABASE_URL!;
    const dir = folder({ DATABASE_URL: url, REDIS_URL: process.env.REDIS_URL! });
    // The seed key again, laid out without scenes/ (point 3): the same key, so "already imported".
    const r = cliIn(dir, "answer-key", "import", datasetWithoutScenes(path.join(ROOT, "prisma/seed-data/dataset")));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`h2hmem: database ${redactUrl(url)} (from the quick start's .data/services.env)\n`);
    expect(r.stdout).toMatch(/^Already imported answer key/);
  }, 120_000);

  it("with no database anywhere: one line naming the variable and the file, exit 2", () => {
    const dir = folder();
    const r = cliIn(dir, "user", "create", "--email", "x@y.z");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      `h2hmem: no database: DATABASE_URL is not set (environment or .env) and there is no quick start's ${path.join(dir, ".data/services.env")}; set DATABASE_URL, or run \`npm run quickstart\` in this checkout and the command from its folder\n`,
    );
  }, 120_000);

  it("a quick start that is not running: one line, exit 2, no password shown", async () => {
    const port = await freePort();
    const r = cliIn(
      folder({ DATABASE_URL: `postgresql://postgres:s3cret@127.0.0.1:${port}/h2hmem` }),
      "demo",
      "remove",
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split("\n")).toEqual([
      `h2hmem: database postgresql://postgres:***@127.0.0.1:${port}/h2hmem (from the quick start's .data/services.env)`,
      expect.stringMatching(
        /^h2hmem: cannot reach the database \S+ \(from the quick start's \.data\/services\.env\): .*; is the quick start running\?$/,
      ),
    ]);
    expect(r.stderr).not.toContain("s3cret");
  }, 120_000);
});

describe("npm run db:seed", () => {
  it("is idempotent and leaves approved demo submissions scored by the pipeline", async () => {
    // This database holds the accounts the CLI tests above created: the seed is asked to run anyway.
    const run = () =>
      spawnSync(process.execPath, [...TS, "prisma/seed.ts", "--existing-users"], {
        cwd: ROOT,
        env: { ...process.env, QUEUE_PREFIX: prefix, LOG_LEVEL: "warn", JUDGE_BASE_URL: "" },
        encoding: "utf8",
        timeout: 180_000,
      });
    const first = run();
    expect(first.stderr + first.stdout).not.toMatch(/seed failed/);
    expect(first.status).toBe(0);
    const snapshot = async () => {
      const subs = await db.submission.findMany({
        where: { user: { email: "demo-entries@h2hmem.local" } },
        orderBy: { methodName: "asc" },
        include: { _count: { select: { scores: true, predictions: true } } },
      });
      return subs.map((s) => ({
        id: s.id,
        methodName: s.methodName,
        status: s.status,
        review: s.reviewState,
        scores: s._count.scores,
        predictions: s._count.predictions,
      }));
    };
    const before = await snapshot();
    expect(before.length).toBeGreaterThanOrEqual(3);
    for (const s of before) expect(s).toMatchObject({ status: "SCORED", review: "APPROVED" });
    expect(before.every((s) => s.scores > 0)).toBe(true);
    const second = run();
    expect(second.status).toBe(0);
    expect(await snapshot()).toEqual(before);

    const f1 = await db.score.findMany({
      where: {
        submissionId: { in: before.map((s) => s.id) },
        split: "overall",
        scope: "ALL",
        metric: "f1",
        aggregate: "micro",
      },
    });
    expect(new Set(f1.map((r) => r.value)).size).toBe(before.length); // varied quality, distinct scores
    const creds = JSON.parse(readFileSync(path.join(ROOT, "prisma/seed-data/credentials.json"), "utf8")) as {
      accounts: Array<{ email: string; role: string }>;
    };
    expect(creds.accounts.map((a) => [a.email, a.role])).toEqual([
      ["admin@h2hmem.local", "ADMIN"],
      ["author@h2hmem.local", "SUBMITTER"],
    ]);
    expect((await db.user.findUniqueOrThrow({ where: { email: "admin@h2hmem.local" } })).role).toBe("ADMIN");
    // The demo entries use none of the demo author's quota, and their owner cannot sign in.
    expect(await db.submission.count({ where: { user: { email: "author@h2hmem.local" } } })).toBe(0);
    expect(
      (await db.user.findUniqueOrThrow({ where: { email: "demo-entries@h2hmem.local" } })).passwordHash,
    ).toBeNull();
  }, 300_000);
});
