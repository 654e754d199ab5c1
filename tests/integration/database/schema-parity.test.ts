import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/server/migrate";
import { parsePrismaSchema } from "../../support/prisma-schema";
import { schemaParityProblems } from "../../support/schema-parity";
import { tempDatabase, type TempDb } from "../../support/temp-db";

// prisma/schema.prisma and the database built by prisma/migrations must agree: the
// client is generated from the former and runs against the latter.

const root = path.resolve(import.meta.dirname, "../../..");
let db: TempDb;
let client: pg.Client;
let schemaText: string;

beforeAll(async () => {
  db = await tempDatabase("parity");
  await migrate({ connectionString: db.url, dir: path.join(root, "prisma/migrations") });
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  schemaText = await readFile(path.join(root, "prisma/schema.prisma"), "utf8");
});

afterAll(async () => {
  await client?.end();
  await db?.drop();
});

describe("schema parity: prisma/schema.prisma vs. migrated database", () => {
  it("parses every model and enum of the schema", () => {
    const schema = parsePrismaSchema(schemaText);
    const modelCount = [...schemaText.matchAll(/^model\s+\w+/gm)].length;
    const enumCount = [...schemaText.matchAll(/^enum\s+\w+/gm)].length;
    expect(schema.models).toHaveLength(modelCount);
    expect(Object.keys(schema.enums)).toHaveLength(enumCount);
    expect(modelCount).toBeGreaterThan(0);
  });

  it("every model has its table, every field its column (type, nullability), every unique/index, every enum", async () => {
    const problems = await schemaParityProblems(client, parsePrismaSchema(schemaText));
    expect(
      problems,
      `schema and migrations disagree; add a new prisma/migrations folder:\n${problems.join("\n")}`,
    ).toEqual([]);
  });

  // Negative tests: a schema edited without a migration must be caught.
  const addToModel = (model: string, line: string) =>
    schemaText.replace(new RegExp(`(^model ${model} \\{\\n)`, "m"), `$1  ${line}\n`);

  it("fails when a field is added without a migration", async () => {
    const problems = await schemaParityProblems(
      client,
      parsePrismaSchema(addToModel("Submission", "parityProbe String?")),
    );
    expect(problems).toEqual([`Submission.parityProbe: column "Submission"."parityProbe" is missing`]);
  });

  it("fails when a model is added without a migration", async () => {
    const schema = parsePrismaSchema(`${schemaText}\nmodel ParityProbe {\n  id String @id\n}\n`);
    expect(await schemaParityProblems(client, schema)).toEqual([`model ParityProbe: table "ParityProbe" is missing`]);
  });

  it("fails on a type, nullability, unique or enum change", async () => {
    const changed = schemaText
      .replace(/^(\s+questionCount\s+)Int$/m, "$1Float")
      .replace(/^(\s+methodName\s+)String$/m, "$1String?")
      .replace(/^(\s+label\s+)String$/m, "$1String @unique")
      .replace(/^(\s+ADMIN)$/m, "$1\n  AUDITOR");
    const problems = await schemaParityProblems(client, parsePrismaSchema(changed));
    expect(problems).toEqual(
      expect.arrayContaining([
        "AnswerKeyVersion.questionCount: type Float expects double precision, database has integer",
        "Submission.methodName: schema says optional, database column is NOT NULL",
        "model AnswerKeyVersion: no unique index on (label)",
        "enum Role: database has [SUBMITTER, ADMIN], schema has [SUBMITTER, ADMIN, AUDITOR]",
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it("fails when the database has a column the schema lacks", async () => {
    const removed = schemaText.replace(/^\s+scoredAt\s+DateTime\?\n/m, "");
    expect(await schemaParityProblems(client, parsePrismaSchema(removed))).toEqual([
      `model Submission: database column "Submission"."scoredAt" is not in the schema`,
    ]);
  });
});
