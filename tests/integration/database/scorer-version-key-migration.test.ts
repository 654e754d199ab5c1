import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadMigrations, migrate } from "@/lib/server/migrate";
import { tempDatabase } from "../../support/temp-db";
import { MIGRATIONS, sql } from "../../support/backup-helpers";

// Migration 20261202010000: existing Score and QuestionScore rows, and a pinned board, get the
// "+key=<8 hex>" of the answer key their submission was scored against (the pinned board: the
// active key's), so one version never again ranks entries scored against different keys.

const NAME = "20261202010000_scorer_version_names_key";
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function migrationsUpTo(inclusive: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-key-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const m of await loadMigrations(MIGRATIONS)) {
    if (m.name < NAME || (inclusive && m.name === NAME))
      await cp(path.dirname(m.file), path.join(dir, m.name), { recursive: true });
  }
  return dir;
}

describe(`migration ${NAME}`, () => {
  it("names each row's key, keeps rows scored without a key, and pins the board to the active key", async () => {
    const db = await tempDatabase("keymig");
    cleanups.push(db.drop);
    const url = db.url;
    await migrate({ connectionString: url, dir: await migrationsUpTo(false), log: () => undefined });
    const shaA = "aaaaaaaa11".padEnd(64, "0");
    const shaB = "bbbbbbbb22".padEnd(64, "0");
    await sql(
      url,
      `INSERT INTO "AnswerKeyVersion" (id, label, "contentSha256", "questionCount", active) VALUES ('ka', 'synthetic', $1, 45, false), ('kb', 'real', $2, 196, true)`,
      [shaA, shaB],
    );
    await sql(url, `INSERT INTO "User" (id, email, "updatedAt") VALUES ('u1', 'm@example.org', now())`);
    for (const [s, key] of [
      ["s1", "ka"],
      ["s2", "kb"],
      ["s3", null],
    ] as const) {
      await sql(
        url,
        `INSERT INTO "Submission" (id, "userId", "methodName", "contentSha256", "answerKeyVersionId", "updatedAt") VALUES ($1, 'u1', $1, $1, $2, now())`,
        [s, key],
      );
      await sql(
        url,
        `INSERT INTO "Prediction" (id, "submissionId", split, index, "questionText", "systemAnswer", "originalAnswer", category) VALUES ($1, $2, 'dyadic', 0, 'q', 'a', 'o', 'CD')`,
        [`p-${s}`, s],
      );
    }
    const judged = "lex-1+nltk+sw198+judge=m@h2h1-12345678";
    for (const s of ["s1", "s2", "s3"]) {
      for (const v of [judged, "lex-1+nltk+sw198"]) {
        await sql(
          url,
          `INSERT INTO "Score" (id, "submissionId", "scorerVersion", split, scope, metric, aggregate, value, n) VALUES ($1, $2, $3, 'overall', 'ALL', 'f1', 'micro', 0.5, 1)`,
          [`${s}-${v}`, s, v],
        );
        await sql(
          url,
          `INSERT INTO "QuestionScore" ("submissionId", "scorerVersion", split, index, f1) VALUES ($1, $2, 'dyadic', 0, 0.5)`,
          [s, v],
        );
      }
    }
    await sql(url, `INSERT INTO "Setting" (key, value, "updatedAt") VALUES ('published_scorer_version', $1, now())`, [
      judged,
    ]);
    expect(
      (await migrate({ connectionString: url, dir: await migrationsUpTo(true), log: () => undefined })).applied,
    ).toEqual([NAME]);

    const versions = async (table: "Score" | "QuestionScore") =>
      (
        await sql<{ s: string; v: string }>(
          url,
          `SELECT "submissionId" AS s, "scorerVersion" AS v FROM "${table}" ORDER BY 1, 2`,
        )
      ).map((r) => `${r.s} ${r.v}`);
    const expected = [
      "s1 lex-1+nltk+sw198+key=aaaaaaaa",
      "s1 lex-1+nltk+sw198+key=aaaaaaaa+judge=m@h2h1-12345678",
      "s2 lex-1+nltk+sw198+key=bbbbbbbb",
      "s2 lex-1+nltk+sw198+key=bbbbbbbb+judge=m@h2h1-12345678",
      "s3 lex-1+nltk+sw198",
      "s3 lex-1+nltk+sw198+judge=m@h2h1-12345678",
    ];
    expect(await versions("Score")).toEqual(expected);
    expect(await versions("QuestionScore")).toEqual(expected);
    const [pinned] = await sql<{ value: string }>(
      url,
      `SELECT value FROM "Setting" WHERE key = 'published_scorer_version'`,
    );
    expect(pinned!.value).toBe("lex-1+nltk+sw198+key=bbbbbbbb+judge=m@h2h1-12345678");
  });
});
