// `h2hmem backup` / `h2hmem restore` against real PostgreSQL: a seeded database (scored and
// judged demo entries, users, audit events, judge calls, odd bytes/JSON/floats) is backed up
// and restored into fresh databases; the copy must hold the same rows and serve the same board.
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "@/lib/server/backup/backup";
import { checkBackup, restoreBackup } from "@/lib/server/backup/restore";
import { migrate } from "@/lib/server/migrate";
import { startFakeJudgeServer, type FakeJudgeServer } from "../../../scripts/dev/fake-judge-server";
import { tempDatabase, type TempDb } from "../../support/temp-db";
import {
  ALL_BYTES,
  boards,
  digests,
  MIGRATIONS,
  migrationsWithProbe,
  ODD_FLOATS,
  ODD_JSON,
  seedSource,
  sql,
  pointAppAt,
} from "../../support/backup-helpers";
import { ROOT, setEnv } from "../../support/pipeline-helpers";

const original = process.env.DATABASE_URL!;
const dbs: TempDb[] = [];
let fake: FakeJudgeServer;
let tmp: string;
let src: TempDb;
let file: string;

async function freshDb(label: string, migrated = false): Promise<TempDb> {
  const d = await tempDatabase(label);
  dbs.push(d);
  if (migrated) await migrate({ connectionString: d.url, dir: MIGRATIONS });
  return d;
}
const restore = (url: string, f: string, more: Partial<Parameters<typeof restoreBackup>[0]> = {}) =>
  restoreBackup({ connectionString: url, file: f, migrationsDir: MIGRATIONS, ...more });
const isEmpty = async (url: string) => Object.values(await digests(url)).every((d) => d.startsWith("0:"));

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "h2hmem-backup-test-"));
  fake = await startFakeJudgeServer();
  await setEnv({ JUDGE_BASE_URL: fake.baseURL, JUDGE_API_KEY: "backup-key", JUDGE_MODEL: "fake-judge-backup" });
  src = await freshDb("bksrc", true);
  await pointAppAt(src.url);
  await seedSource();
  file = path.join(tmp, "source.h2hbak.gz");
  await createBackup({ connectionString: src.url, out: file });
}, 180_000);

afterAll(async () => {
  await pointAppAt(original);
  await setEnv({ JUDGE_BASE_URL: undefined, JUDGE_API_KEY: undefined, JUDGE_MODEL: undefined });
  await fake?.close();
  for (const d of dbs) await d.drop().catch(() => undefined);
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("backup and restore", () => {
  let dst: TempDb;

  it("restores every row exactly into a database with no tables (it applies the migrations itself)", async () => {
    const before = await digests(src.url);
    expect(before.JudgeCall).not.toMatch(/^0:/); // the seed really judged
    expect(before.AuditEvent).not.toMatch(/^0:/);
    dst = await freshDb("bkdst");
    const summary = await restore(dst.url, file);
    expect(await digests(dst.url)).toEqual(before);
    expect(Object.fromEntries(Object.entries(before).map(([t, d]) => [t, Number(d.split(":")[0])]))).toEqual(
      summary.tables,
    );
    const names = async (url: string) =>
      (await sql<{ name: string }>(url, `SELECT name FROM "_migrations" ORDER BY name`)).map((r) => r.name);
    expect(await names(dst.url)).toEqual(await names(src.url));
    // Types that often break in logical copies, read back through the driver.
    const [bytes] = await sql<{ content: Buffer }>(
      dst.url,
      `SELECT content FROM "SubmissionFile" WHERE split = 'raw-probe'`,
    );
    expect(Buffer.compare(bytes.content, ALL_BYTES)).toBe(0);
    const [json] = await sql<{ d: string; t: string }>(
      dst.url,
      `SELECT details::text AS d, "createdAt"::text AS t FROM "AuditEvent" WHERE id = 'odd-json'`,
    );
    const [srcJson] = await sql<{ d: string }>(
      src.url,
      `SELECT details::text AS d FROM "AuditEvent" WHERE id = 'odd-json'`,
    );
    expect(json.d).toBe(srcJson.d);
    expect(JSON.parse(json.d)).toEqual(JSON.parse(ODD_JSON));
    expect(json.t).toBe("2026-01-02 03:04:05.678");
    const [floats] = await sql<typeof ODD_FLOATS>(
      dst.url,
      `SELECT precision, recall, f1, bleu1 FROM "QuestionScore" WHERE f1 = 5e-324`,
    );
    expect(floats).toEqual(ODD_FLOATS);
  });

  it("the restored database serves the same leaderboard (API v1 JSON, every split, metric, aggregate)", async () => {
    const a = await boards(src.url);
    const b = await boards(dst.url);
    const f1 = a["split=overall&metric=f1&aggregate=micro"] as { entries: unknown[] };
    const judge = a["split=overall&metric=judge&aggregate=micro"] as { entries: unknown[] };
    expect(f1.entries).toHaveLength(3);
    expect(judge.entries).toHaveLength(3);
    expect(b).toEqual(a);
    // The comparison is real: one changed score shows (no cache shared between the two reads).
    await sql(
      dst.url,
      `UPDATE "Score" SET value = value + 0.5 WHERE split = 'overall' AND scope = 'ALL' AND metric = 'f1' AND aggregate = 'micro'`,
    );
    expect(await boards(dst.url)).not.toEqual(a);
  });

  it("refuses a non-empty database without --force; --force needs the database's name, then replaces everything", async () => {
    const before = await digests(dst.url);
    await expect(restore(dst.url, file)).rejects.toThrow(/is not empty .*--force --confirm/);
    await expect(restore(dst.url, file, { force: true })).rejects.toThrow(/confirm with --confirm/);
    await expect(restore(dst.url, file, { force: true, confirm: "some-other-db" })).rejects.toThrow(
      /confirm with --confirm/,
    );
    expect(await digests(dst.url)).toEqual(before);
    const generation = async () =>
      (await sql<{ value: string }>(dst.url, `SELECT value::text FROM "PublicGeneration"`))[0]!.value;
    const replaced = await generation();
    const s = await restore(dst.url, file, { force: true, confirm: dst.name });
    expect(s.truncated).toBe(true);
    expect(await digests(dst.url)).toEqual(await digests(src.url));
    // Not in the backup; moved forward, so no web process keeps pages of the replaced rows.
    expect(BigInt(await generation())).toBeGreaterThan(BigInt(replaced));
  });

  it("rejects a corrupted file (checksum mismatch) or a truncated one without writing anything", async () => {
    const text = gunzipSync(await readFile(file)).toString("utf8");
    expect(text).toContain("Demo: Near-Oracle");
    const corrupted = path.join(tmp, "corrupted.gz");
    await writeFile(corrupted, gzipSync(text.replace("Demo: Near-Oracle", "Demo: Nexr-Oracle")));
    const truncated = path.join(tmp, "truncated.gz");
    await writeFile(truncated, gzipSync(text.slice(0, Math.floor(text.length * 0.8))));
    const target = await freshDb("bkbad", true);
    // The method name occurs first in whichever table the file lists first (a board snapshot holds it too).
    await expect(restore(target.url, corrupted)).rejects.toThrow(/checksum mismatch in table \w+/);
    await expect(restore(target.url, truncated)).rejects.toThrow(/truncated/);
    await expect(checkBackup(corrupted)).rejects.toThrow(/checksum mismatch/);
    expect(await isEmpty(target.url)).toBe(true);
    // The same file, intact, restores into that database afterwards.
    await restore(target.url, file);
    expect(await digests(target.url)).toEqual(await digests(src.url));
  });

  it("refuses a backup whose migrations are not this code's, and a database whose tables differ", async () => {
    const older = await mkdtemp(path.join(tmp, "older-"));
    execFileSync("cp", ["-r", `${MIGRATIONS}/.`, older]);
    const last = (await sql<{ name: string }>(src.url, `SELECT max(name) AS name FROM "_migrations"`))[0].name;
    await rm(path.join(older, last), { recursive: true });
    const target = await freshDb("bkmig");
    await expect(restore(target.url, file, { migrationsDir: older })).rejects.toThrow(
      /made by another version of the app/,
    );
    execFileSync("cp", ["-r", path.join(MIGRATIONS, last), older]);
    await writeFile(path.join(older, last, "migration.sql"), "-- edited\n", { flag: "a" });
    await expect(restore(target.url, file, { migrationsDir: older })).rejects.toThrow(
      new RegExp(`migration ${last} differs`),
    );
    const stray = await freshDb("bkstray", true);
    await sql(stray.url, `CREATE TABLE "Stray" (id int)`);
    await expect(restore(stray.url, file)).rejects.toThrow(/only in the database: Stray/);
    expect(await isEmpty(target.url)).toBe(true);
  });

  it("includes new tables and sequences automatically; an older backup restores into newer code", async () => {
    const probeDir = await migrationsWithProbe();
    const probe = await freshDb("bkprobe");
    await migrate({ connectionString: probe.url, dir: probeDir });
    await sql(
      probe.url,
      `INSERT INTO "BackupProbe" (payload, at, doc, amount, span, tags) VALUES
      ('\\x00ff5c0a'::bytea, '2026-03-04 05:06:07.123456+02', '{"a": [1, "\\u00e9"]}', 12345678901234567890.000000001, '1 day 02:03:04.5', ARRAY['a,b', 'c"d', NULL]),
      (NULL, NULL, NULL, NULL, NULL, NULL), (NULL, 'infinity', 'null', 'NaN', '-1 mon', '{}')`,
    );
    const probeFile = path.join(tmp, "probe.gz");
    await createBackup({ connectionString: probe.url, out: probeFile });
    const copy = await freshDb("bkprobe2");
    await restoreBackup({ connectionString: copy.url, file: probeFile, migrationsDir: probeDir });
    expect(await digests(copy.url)).toEqual(await digests(probe.url));
    const [next] = await sql<{ id: number }>(copy.url, `INSERT INTO "BackupProbe" DEFAULT VALUES RETURNING id`);
    expect(next.id).toBe(4); // the sequence was restored, not restarted
    await expect(restore((await freshDb("bkprobe3")).url, probeFile)).rejects.toThrow(
      /29990101000000_backup_probe is not this code's migration/,
    );
    // The main backup predates the probe migration: restored, then migrated forward.
    const newer = await freshDb("bknewer");
    const s = await restoreBackup({ connectionString: newer.url, file, migrationsDir: probeDir });
    expect(s.migratedAfter).toEqual(["29990101000000_backup_probe"]);
    const { BackupProbe, ...rest } = await digests(newer.url);
    expect(BackupProbe).toBe("0:d41d8cd98f00b204e9800998ecf8427e");
    expect(rest).toEqual(await digests(src.url));
  });

  it("works end to end through the CLI (backup to a file, check, restore)", async () => {
    const cliFile = path.join(tmp, "cli.gz");
    const run = (args: string[], url: string) =>
      execFileSync(process.execPath, [path.join(ROOT, "bin", "h2hmem.mjs"), ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: url },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    expect(run(["backup", cliFile, "--quiet"], src.url)).toMatch(/^Backed up \d+ tables, \d+ rows, \d+ migrations to /);
    expect(run(["restore", cliFile, "--check"], src.url)).toMatch(/^OK: \d+ tables/);
    const target = await freshDb("bkcli");
    expect(run(["restore", cliFile, "--quiet"], target.url)).toMatch(/^Restored \d+ tables/);
    expect(await digests(target.url)).toEqual(await digests(src.url));
    expect(() => run(["restore", cliFile, "--quiet"], target.url)).toThrow(/is not empty/);
  });
});
