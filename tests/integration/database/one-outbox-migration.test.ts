import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createBackup } from "@/lib/server/backup/backup";
import { restoreBackup } from "@/lib/server/backup/restore";
import { loadMigrations, migrate } from "@/lib/server/migrate";
import { tempDatabase } from "../../support/temp-db";
import { MIGRATIONS, sql } from "../../support/backup-helpers";

// The migration that makes the outbox one table moves every WebhookDelivery row into
// OutboxMessage as a WEBHOOK row (same id, DELIVERED -> DONE, deliveredAt -> doneAt), leaves the
// mail and snapshot rows alone and drops WebhookDelivery; a backup made before it restores into
// the new code (the restore runs this migration afterwards).

const MIGRATION = "20261204100000_one_outbox";
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function migrationsUpTo(inclusive: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-outbox-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const m of await loadMigrations(MIGRATIONS)) {
    if (m.name < MIGRATION || (inclusive && m.name === MIGRATION))
      await cp(path.dirname(m.file), path.join(dir, m.name), { recursive: true });
  }
  return dir;
}

const DELIVERED_AT = "2026-12-01 10:00:05";
/** A database before the migration: one endpoint with three deliveries, and one mail. */
async function beforeIt(label: string): Promise<string> {
  const db = await tempDatabase(label);
  cleanups.push(db.drop);
  await migrate({ connectionString: db.url, dir: await migrationsUpTo(false), log: () => undefined });
  await sql(db.url, `INSERT INTO "User" (id, email, "updatedAt") VALUES ('u1', 'outbox@example.org', now())`);
  await sql(
    db.url,
    `INSERT INTO "WebhookEndpoint" (id, "userId", url, events, secret) VALUES ('e1', 'u1', 'https://h.example/x', '["submission.scored"]', 'whsec_x')`,
  );
  await sql(
    db.url,
    `INSERT INTO "WebhookDelivery" (id, "endpointId", event, payload, status, attempts, "lastStatus", "lastError", "createdAt", "deliveredAt") VALUES
       ('msg_pending', 'e1', 'submission.scored', '{"type":"submission.scored"}', 'PENDING', 0, NULL, NULL, '2026-12-01 10:00:00', NULL),
       ('msg_done', 'e1', 'submission.approved', '{"type":"submission.approved"}', 'DELIVERED', 2, 204, NULL, '2026-12-01 10:00:01', '${DELIVERED_AT}'),
       ('msg_failed', 'e1', 'webhook.test', '{"type":"webhook.test"}', 'FAILED', 3, 500, 'HTTP 500', '2026-12-01 10:00:02', NULL)`,
  );
  await sql(
    db.url,
    `INSERT INTO "OutboxMessage" (id, kind, payload, status, attempts, "doneAt") VALUES ('mail1', 'EMAIL', '{"to":"a"}', 'DONE', 1, now())`,
  );
  return db.url;
}

const rows = (url: string) =>
  sql<Record<string, unknown>>(
    url,
    `SELECT id, kind::text, status::text, attempts, "endpointId", event, "lastStatus", "lastError", "doneAt", payload
       FROM "OutboxMessage" ORDER BY id`,
  );

describe(`migration ${MIGRATION}`, () => {
  it("moves every delivery into the outbox as a WEBHOOK row, keeps the other rows, and drops WebhookDelivery", async () => {
    const url = await beforeIt("oneoutbox");
    const r = await migrate({ connectionString: url, dir: await migrationsUpTo(true), log: () => undefined });
    expect(r.applied).toEqual([MIGRATION]);

    const got = await rows(url);
    expect(got.map((x) => [x.id, x.kind, x.status])).toEqual([
      ["mail1", "EMAIL", "DONE"],
      ["msg_done", "WEBHOOK", "DONE"],
      ["msg_failed", "WEBHOOK", "FAILED"],
      ["msg_pending", "WEBHOOK", "PENDING"],
    ]);
    expect(got[1]).toMatchObject({
      endpointId: "e1",
      event: "submission.approved",
      attempts: 2,
      lastStatus: 204,
      doneAt: new Date(`${DELIVERED_AT}Z`),
      payload: { type: "submission.approved" },
    });
    expect(got[2]).toMatchObject({ lastStatus: 500, lastError: "HTTP 500", doneAt: null });
    expect(got[0]).toMatchObject({ endpointId: null, event: null });
    expect(await sql(url, `SELECT to_regclass('"WebhookDelivery"') AS t`)).toEqual([{ t: null }]);

    // A WEBHOOK row must name its endpoint, and deleting the endpoint takes its log.
    await expect(
      sql(url, `INSERT INTO "OutboxMessage" (id, kind, payload) VALUES ('msg_x', 'WEBHOOK', '{}')`),
    ).rejects.toThrow(/OutboxMessage_webhook_check/);
    await sql(url, `DELETE FROM "WebhookEndpoint" WHERE id = 'e1'`);
    expect((await rows(url)).map((x) => x.id)).toEqual(["mail1"]);
  });

  it("a backup made before it restores into the new code and is migrated forward", async () => {
    const url = await beforeIt("oneoutboxbk");
    const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-outbox-backup-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, "old.h2hbak.gz");
    await createBackup({ connectionString: url, out: file });

    const target = await tempDatabase("oneoutboxrs");
    cleanups.push(target.drop);
    const s = await restoreBackup({ connectionString: target.url, file, migrationsDir: await migrationsUpTo(true) });
    expect(s.tables.WebhookDelivery).toBe(3);
    expect(s.migratedAfter).toEqual([MIGRATION]);
    expect((await rows(target.url)).map((x) => [x.id, x.kind, x.status])).toEqual([
      ["mail1", "EMAIL", "DONE"],
      ["msg_done", "WEBHOOK", "DONE"],
      ["msg_failed", "WEBHOOK", "FAILED"],
      ["msg_pending", "WEBHOOK", "PENDING"],
    ]);
  });
});
