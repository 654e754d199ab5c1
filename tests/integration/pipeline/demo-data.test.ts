// Issue 14, point 2: demo data never touches real data. The seed (with a quota of 2, as
// `DAILY_SUBMISSION_QUOTA=2 npm run quickstart` runs it) marks its key and entries as demo; a real
// key makes them leave every public view (and they are not re-scored under it); the seed never
// re-activates its key; `h2hmem demo remove` deletes them, audited. Own database.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnswerKeyVersions } from "@/app/(site)/about/_components/answer-key-versions";
import { GET as leaderboardGet } from "@/app/api/v1/leaderboard/route";
import { db } from "@/lib/server/db";
import { formatter } from "@/lib/i18n/format";
import { getPublicEntry } from "@/lib/server/leaderboard/entries";
import { writeSyntheticDataset } from "@/scripts/dev/synthetic-predictions";
import { TS } from "../../../scripts/dev/services.mjs";
import { ctx, req } from "../../support/api-helpers";
import { withIsolatedDatabase } from "../../support/isolated-db";
import { ROOT } from "../../support/pipeline-helpers";
import { newReceiptKey } from "../../support/receipts";

withIsolatedDatabase("demo");

const env = {
  LOG_LEVEL: "warn",
  JUDGE_BASE_URL: "",
  DAILY_SUBMISSION_QUOTA: "2",
  QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-demo-${process.pid}`,
};
const node = (args: string[], extra: Record<string, string> = {}) =>
  spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, ...extra },
    encoding: "utf8",
    timeout: 240_000,
  });
const seed = (args: string[] = [], extra: Record<string, string> = {}) =>
  node([...TS, "prisma/seed.ts", ...args], extra);
const h2hmem = (...args: string[]) => node([path.join(ROOT, "bin/h2hmem.mjs"), ...args]);
const boardIds = async () => {
  const body = (await (await leaderboardGet(req("http://localhost/api/v1/leaderboard?metric=f1"), ctx({}))).json()) as {
    entries: Array<{ id: string }>;
    trackReferences: Array<{ id: string }>;
    notRescored: Array<{ id: string }>;
  };
  // On the board: ranked in the memory view, or (the demo's full-context entry) listed there as a track reference.
  const listed = [...body.entries, ...body.trackReferences];
  return { ranked: listed.map((e) => e.id).sort(), notRescored: body.notRescored.map((e) => e.id) };
};

describe("demo data", () => {
  it("is marked, outside the quota, off the board under a real key, never re-activated, and removable", async () => {
    // Issue 47: never in production without --demo; nothing is written.
    const production = {
      NODE_ENV: "production",
      AUTH_URL: "https://board.example",
      RECEIPT_SIGNING_KEY: newReceiptKey().pem,
    };
    const refused = seed([], production);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/NODE_ENV=production.*--demo/);
    expect(await db.user.count()).toBe(0);

    const first = seed();
    expect(first.stderr + first.stdout).not.toMatch(/seed failed/);
    expect(first.status).toBe(0);
    const demo = await db.submission.findMany({
      where: { isDemo: true },
      select: { id: true, reviewState: true, runOf: true, reproduces: true },
      orderBy: { id: "asc" },
    });
    expect(demo.length).toBeGreaterThan(2); // more than the quota of 2
    expect(demo.every((s) => s.reviewState === "APPROVED")).toBe(true);
    expect(await db.answerKeyVersion.findFirstOrThrow({ where: { active: true } })).toMatchObject({ isDemo: true });
    // Replicate runs count on their entry and reproductions never rank as rows (issue 50, issue 49).
    const ids = demo
      .filter((s) => !s.runOf && !s.reproduces)
      .map((s) => s.id)
      .sort();
    expect((await boardIds()).ranked).toEqual(ids);
    // Issue 50: the quick start shows one accepted correction of a gold answer.
    expect(await db.goldReport.findMany({ select: { qid: true, state: true, correctedAnswer: true } })).toEqual([
      { qid: "dyadic/dialogue1/session1/0", state: "ACCEPTED", correctedAnswer: "Fourteen kilometres (14 km)." },
    ]);

    const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-real-key-"));
    writeSyntheticDataset(dir, { dyadic: 30, multiParty: 8 }, 77);
    const imported = h2hmem("answer-key", "import", dir, "--label", "real key");
    expect(imported.status).toBe(0);
    expect(imported.stdout).not.toMatch(/Queued/); // demo entries are not re-scored under a real key
    expect(await boardIds()).toEqual({ ranked: [], notRescored: [] });
    await expect(getPublicEntry(ids[0]!)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // The About page lists both key versions with their dates and question counts.
    const about = renderToStaticMarkup(await AnswerKeyVersions({ locale: "en" }));
    const f = formatter("en");
    for (const k of await db.answerKeyVersion.findMany()) {
      expect(about).toContain(
        `<code>${k.contentSha256.slice(0, 8)}</code></td><td class="pr-4">${f.date(k.importedAt)}</td><td class="pr-4">${f.integer(k.questionCount)}</td>`,
      );
    }
    expect(about).toContain("synthetic seed answer key (demo)");

    // An operator changed the demo admin's password: a second seed must not reset it.
    await db.user.update({
      where: { email: "admin@h2hmem.local" },
      data: { passwordHash: "$2b$12$changed.by.the.operator.not.a.real.hash.........." },
    });
    const again = seed();
    expect(again.status).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { email: "admin@h2hmem.local" } })).passwordHash).toBe(
      "$2b$12$changed.by.the.operator.not.a.real.hash..........",
    );
    expect(await db.answerKeyVersion.findFirstOrThrow({ where: { active: true } })).toMatchObject({
      label: "real key",
      isDemo: false,
    });
    const every = demo.map((s) => s.id).sort();
    expect(await db.submission.count({ where: { isDemo: true } })).toBe(every.length);

    const removed = h2hmem("demo", "remove");
    expect(removed.status).toBe(0);
    expect(removed.stdout).toMatch(new RegExp(`^Removed ${every.length} demo entries`));
    expect(await db.submission.count({ where: { isDemo: true } })).toBe(0);
    const audit = await db.auditEvent.findMany({ where: { action: "demo.remove" }, select: { targetId: true } });
    expect(audit.map((a) => a.targetId).sort()).toEqual(every);
    // The seed's accounts (published passwords) go too.
    expect(removed.stdout).toMatch(/Removed the demo accounts .*admin@h2hmem\.local/);
    expect(
      await db.user.count({
        where: { email: { in: ["admin@h2hmem.local", "author@h2hmem.local", "demo-entries@h2hmem.local"] } },
      }),
    ).toBe(0);

    // Issue 47: a database with someone else's accounts gets the demo accounts only when asked.
    await db.user.create({ data: { email: "operator@example.org", name: "Operator" } });
    const withUsers = seed();
    expect(withUsers.status).toBe(2);
    expect(withUsers.stderr).toMatch(/1 account\(s\) besides the seed's own.*--existing-users/);
    expect(await db.user.count()).toBe(1);
    expect(seed(["--existing-users", "--demo"], production).status).toBe(0);
    expect(await db.user.count({ where: { email: "admin@h2hmem.local" } })).toBe(1);
  }, 600_000);
});
