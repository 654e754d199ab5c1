import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadMigrations, migrate } from "@/lib/server/migrate";
import { tempDatabase } from "../../support/temp-db";
import { MIGRATIONS, sql } from "../../support/backup-helpers";

// Migration 20261203070000 (issue 29): versions now name the NLTK mode, so a board that follows
// the current version would switch by itself to a version nobody is scored under. With nothing
// published, it pins the board to the legacy ("nltk" = NLTK 3.8) version covering the most
// approved entries; a fresh database or a published board is left alone.

const NAME = "20261203070000_pin_legacy_nltk_board";
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function migrationsUpTo(inclusive: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-nltk-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const m of await loadMigrations(MIGRATIONS)) {
    if (m.name < NAME || (inclusive && m.name === NAME))
      await cp(path.dirname(m.file), path.join(dir, m.name), { recursive: true });
  }
  return dir;
}

async function before(label: string): Promise<string> {
  const db = await tempDatabase(label);
  cleanups.push(db.drop);
  await migrate({ connectionString: db.url, dir: await migrationsUpTo(false), log: () => undefined });
  return db.url;
}

const apply = async (url: string) =>
  (await migrate({ connectionString: url, dir: await migrationsUpTo(true), log: () => undefined })).applied;
const published = async (url: string) =>
  (await sql<{ value: string }>(url, `SELECT value FROM "Setting" WHERE key = 'published_scorer_version'`))[0]?.value ??
  null;

async function entry(
  url: string,
  id: string,
  review: string,
  rows: Array<[version: string, metric: string]>,
): Promise<void> {
  await sql(
    url,
    `INSERT INTO "User" (id, email, "updatedAt") VALUES ('u1', 'm@example.org', now()) ON CONFLICT DO NOTHING`,
  );
  await sql(
    url,
    `INSERT INTO "Submission" (id, "userId", "methodName", "contentSha256", "reviewState", "updatedAt") VALUES ($1, 'u1', $1, $1, $2::"ReviewState", now())`,
    [id, review],
  );
  for (const [v, metric] of rows) {
    await sql(
      url,
      `INSERT INTO "Score" (id, "submissionId", "scorerVersion", split, scope, metric, aggregate, value, n) VALUES ($1, $2, $3, 'overall', 'ALL', $4, 'micro', 0.5, 1)`,
      [`${id}-${v}-${metric}`, id, v, metric],
    );
  }
}

describe(`migration ${NAME}`, () => {
  const judged = "lex-1+nltk+sw198+key=1a2b3c4d+judge=m@h2h2-12345678";
  const lexicalOnly = "lex-1+nltk+sw198+key=1a2b3c4d";

  it("pins the board to the legacy version covering the most approved entries (headline rows)", async () => {
    const url = await before("nltkpin");
    // Three approved entries have the judge version's headline (judge) row; a fourth only its F1 row.
    for (const id of ["a1", "a2", "a3"])
      await entry(url, id, "APPROVED", [
        [judged, "judge"],
        [judged, "f1"],
        [lexicalOnly, "f1"],
      ]);
    await entry(url, "a4", "APPROVED", [
      [judged, "f1"],
      [lexicalOnly, "f1"],
    ]);
    // Pending entries and new-format versions do not count.
    for (const id of ["p1", "p2", "p3", "p4", "p5"])
      await entry(url, id, "PENDING", [["lex-1+whitespace+sw198+key=1a2b3c4d", "f1"]]);
    await entry(url, "a5", "APPROVED", [["lex-1+nltk35+sw198+key=1a2b3c4d", "f1"]]);
    expect(await apply(url)).toEqual([NAME]);
    // lexicalOnly covers 4 approved entries by its headline (F1), the judge version 3 by its (judge).
    expect(await published(url)).toBe(lexicalOnly);
  });

  it("counts every legacy mode (whitespace too), and a judge version by its judge rows", async () => {
    const url = await before("nltkpin2");
    for (const id of ["a1", "a2"])
      await entry(url, id, "APPROVED", [
        [judged, "judge"],
        [judged, "f1"],
        ["lex-1+whitespace+sw198", "f1"],
      ]);
    await entry(url, "a3", "APPROVED", [["lex-1+whitespace+sw198", "f1"]]);
    await apply(url);
    expect(await published(url)).toBe("lex-1+whitespace+sw198");
    const url2 = await before("nltkpin3");
    for (const id of ["a1", "a2"]) await entry(url2, id, "APPROVED", [[judged, "judge"]]);
    await apply(url2);
    expect(await published(url2)).toBe(judged);
  });

  it("leaves a fresh database and a published board alone", async () => {
    const fresh = await before("nltkfresh");
    await apply(fresh);
    expect(await published(fresh)).toBeNull();
    expect(await sql(fresh, `SELECT 1 FROM "Setting"`)).toEqual([]);

    const pinned = await before("nltkpinned");
    await entry(pinned, "a1", "APPROVED", [[judged, "judge"]]);
    await sql(
      pinned,
      `INSERT INTO "Setting" (key, value, "updatedAt") VALUES ('published_scorer_version', 'lex-1+nltk+sw198+key=ffffffff', now())`,
    );
    await apply(pinned);
    expect(await published(pinned)).toBe("lex-1+nltk+sw198+key=ffffffff");
  });
});
