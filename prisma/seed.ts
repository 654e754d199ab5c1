import { mkdirSync, writeFileSync } from "node:fs";
import { config as loadDotenv } from "dotenv";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadAnswerKeyDir } from "@/lib/server/answer-key/dataset-folder";
import { loadActiveAnswerKey } from "@/lib/server/answer-key/store";
import { importAnswerKey } from "@/lib/server/operations/import-answer-key";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { createGoldReport, decideGoldReport } from "@/lib/server/review/gold-reports";
import { closeSharedJudgeRate } from "@/lib/server/judge/shared-rate";
import { closeQueues } from "@/lib/server/queue";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { uploadContentSha } from "@/lib/server/submissions/validate-upload";
import { ensureSystemUser, ensureUser } from "@/lib/server/auth/users";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { judgeOfVersion } from "@/lib/server/judge/demo-judge";
import { resetStages } from "@/lib/server/submissions/retry-stage";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { headlineMetricOf } from "@/lib/server/versions/published-version";
import { env } from "@/lib/server/env";
import { DEMO_LINKED, DEMO_SYSTEMS, demoPredictionFile, extraDemoSystems } from "./seed-demo";
import { seedRefusal } from "./seed-guard";
import { seedDemoDispute } from "./seed-dispute";

// `npm run db:seed` (idempotent): the synthetic answer key, a demo admin and author, and demo
// submissions scored by the real pipeline (same code the worker runs) and approved. With a judge
// configured (the quick start runs the bundled fake one, JUDGE_DEMO=true) that includes the judge stage.
// Flags (prisma/seed-guard.ts): --existing-users next to other accounts, --demo in production.

const here = path.dirname(fileURLToPath(import.meta.url));
const DATASET = path.join(here, "seed-data", "dataset");
const CREDENTIALS_FILE = path.join(here, "seed-data", "credentials.json");
const DEMO_OWNER = "demo-entries@h2hmem.local";
const DEMO_REPRODUCER = "demo-reproductions@h2hmem.local";
const ACCOUNTS = [
  { email: "admin@h2hmem.local", password: "admin-demo-password", role: "ADMIN" as const, name: "Demo Admin" },
  { email: "author@h2hmem.local", password: "author-demo-password", role: "SUBMITTER" as const, name: "Demo Author" },
];

/** `-- --extra-entries N`: N more approved demo entries (the quick start passes it through). */
function extraEntries(argv: string[]): number {
  const i = argv.indexOf("--extra-entries");
  if (i < 0) return 0;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 0 || n > 1000) throw new Error("--extra-entries takes a whole number from 0 to 1000");
  return n;
}
const SYSTEMS = [...DEMO_SYSTEMS, ...DEMO_LINKED, ...extraDemoSystems(extraEntries(process.argv.slice(2)))];

loadDotenv({ quiet: true }); // env, db and logger are read lazily, so this still applies

/** Has the current version's headline row (overall, all, micro; the judge when it has one). */
async function hasHeadline(submissionId: string): Promise<boolean> {
  const version = await currentScorerVersion();
  const where = {
    submissionId,
    scorerVersion: version,
    split: "overall",
    scope: "ALL",
    metric: headlineMetricOf(version),
    aggregate: "micro",
  };
  return (await db.score.count({ where })) > 0;
}

async function main(): Promise<void> {
  const log = logger.child({ component: "seed" });
  const otherUsers = await db.user.count({
    where: { email: { notIn: [...ACCOUNTS.map((a) => a.email), DEMO_OWNER, DEMO_REPRODUCER] } },
  });
  const refusal = seedRefusal({ production: env.NODE_ENV === "production", otherUsers, args: process.argv.slice(2) });
  if (refusal) {
    console.error(refusal);
    process.exitCode = 2;
    return;
  }
  const [admin, author] = await Promise.all(ACCOUNTS.map((a) => ensureUser(a, { keepPassword: true })));
  // Demo entries belong to an account that cannot sign in, so they use none of the demo
  // author's daily quota and the author's "my submissions" starts empty.
  const owner = await ensureSystemUser(DEMO_OWNER, "H2HMem demo data");
  // A reproduction must come from another account.
  const reproducer = await ensureSystemUser(DEMO_REPRODUCER, "H2HMem demo reproductions");
  const seeded = new Map<string, string>(); // method name -> the demo entry's id
  mkdirSync(path.dirname(CREDENTIALS_FILE), { recursive: true });
  writeFileSync(
    CREDENTIALS_FILE,
    JSON.stringify(
      { note: "Demo accounts created by npm run db:seed. Change them in production.", accounts: ACCOUNTS },
      null,
      2,
    ) + "\n",
  );

  // The synthetic key is imported (and so activated) only into a database without any key, and
  // never re-activated: once another key is active, the demo entries are left alone (they were
  // scored against the synthetic key and are not re-created against a real one).
  const keys = await db.answerKeyVersion.findMany({ select: { contentSha256: true, active: true } });
  if (keys.length === 0) {
    const imported = await importAnswerKey(DATASET, "synthetic seed answer key");
    await db.answerKeyVersion.update({ where: { id: imported.versionId }, data: { isDemo: true } });
    log.info({ versionId: imported.versionId, questions: imported.questionCount }, "synthetic answer key imported");
  } else if (keys.find((k) => k.active)?.contentSha256 !== loadAnswerKeyDir(DATASET).digest) {
    log.info("another answer key is active: the synthetic key and the demo entries are left as they are");
    log.info({ credentials: path.relative(process.cwd(), CREDENTIALS_FILE) }, "seed complete");
    return;
  } else {
    // The same folder again: fills the gold evidence of a key imported before it was derived (issue 48).
    await importAnswerKey(DATASET, "synthetic seed answer key", { activate: false });
  }

  const key = await loadActiveAnswerKey();
  if (!key) throw new Error("no active answer key after import");
  const approved: string[] = [];
  for (const [i, system] of SYSTEMS.entries()) {
    const files = {
      dyadic: {
        fileName: "prediction_dyadic.json",
        bytes: demoPredictionFile(system, key.questions, "dyadic", 1000 + (system.seed ?? i)),
      },
      multiparty: {
        fileName: "prediction_multiparty.json",
        bytes: demoPredictionFile(system, key.questions, "multi-party", 2000 + (system.seed ?? i)),
      },
    };
    const meta = {
      methodName: system.methodName,
      organization: "H2HMem demo data",
      description: system.description,
      modality: "text" as const,
      runOf: system.runOf && seeded.get(system.runOf),
      reproduces: system.reproduces && seeded.get(system.reproduces),
      // The demo's makers built these synthetic systems; a reproduction runs another account's method.
      ...(system.reproduces
        ? { ranBy: "third-party" as const, methodOwner: "H2HMem demo data" }
        : { ranBy: "first-party" as const }),
      // Public, so a snapshot archive from the quick start carries files to re-score offline (issue 51).
      publicPredictions: true,
      ...system.card,
    };
    const userId = system.reproduces ? reproducer.id : owner.id;
    // A changed generator yields new content: replace the old demo entry instead of adding one
    // (older seeds filed demo entries under the author).
    await db.submission.deleteMany({
      where: {
        methodName: system.methodName,
        description: system.description, // the runs of one method differ here
        OR: [{ userId: author.id }, { userId, contentSha256: { not: uploadContentSha(files) } }],
      },
    });
    const created = await createSubmission({ userId, files, meta, enqueue: false, demo: true });
    if (!system.runOf && !system.reproduces) seeded.set(system.methodName, created.id);
    const slog = log.child({ submissionId: created.id, method: system.methodName });
    let row = await db.submission.findUniqueOrThrow({ where: { id: created.id } });
    // Scored under another version (e.g. before the quick start ran the demo judge): score it again.
    if (row.status === "SCORED" && !(await hasHeadline(created.id))) {
      await db.$transaction((tx) => resetStages(tx, [created.id], "lexical"));
      row = await db.submission.findUniqueOrThrow({ where: { id: created.id } });
    }
    if (row.status !== "SCORED" && row.status !== "FAILED") {
      await scoreSubmissionPipeline(created.id, slog);
      row = await db.submission.findUniqueOrThrow({ where: { id: created.id } });
    }
    if (row.status === "SCORED" && row.reviewState === "PENDING")
      await approveSubmission({ submissionId: created.id, reviewerId: admin.id });
    const version = await currentScorerVersion();
    const overall = (metric: string) =>
      db.score.findFirst({
        where: {
          submissionId: created.id,
          scorerVersion: version,
          split: "overall",
          scope: "ALL",
          metric,
          aggregate: "micro",
        },
      });
    const [f1, judge] = await Promise.all([overall("f1"), overall("judge")]);
    if (row.status === "SCORED") approved.push(created.id);
    slog.info(
      {
        existing: created.existing,
        status: row.status,
        overallF1: f1?.value ?? null,
        overallJudge: judge?.value ?? null,
        judge: judgeOfVersion(version)?.model ?? null,
      },
      "demo submission ready",
    );
  }
  if (approved[0])
    await seedDemoDispute(approved[0], { author: author!, owner: { ...owner, role: "SUBMITTER" }, admin: admin! });
  await seedCorrection(author.id, admin.id);
  log.info({ credentials: path.relative(process.cwd(), CREDENTIALS_FILE) }, "seed complete");
}

/** Issue 50: one accepted correction of a gold answer, as the errata loop leaves it (/questions, its question page). */
async function seedCorrection(authorId: string, adminId: string): Promise<void> {
  const qid = "dyadic/dialogue1/session1/0";
  if ((await db.goldReport.count({ where: { qid } })) > 0) return;
  const r = await createGoldReport(authorId, qid, {
    kind: "ambiguous",
    proposedAnswer: "Fourteen kilometres (14 km).",
    reason: "Mara gives the distance once in words and once as 14 km on the trail sign; either form should count.",
  });
  await decideGoldReport(r.id, adminId, { action: "accept" });
}

main()
  .then(async () => {
    await Promise.all([closeQueues(), closeSharedJudgeRate()]);
    await db.$disconnect();
  })
  .catch(async (e: unknown) => {
    logger.error({ err: e }, "seed failed");
    await Promise.all([closeQueues(), closeSharedJudgeRate()]);
    await db.$disconnect().catch(() => undefined);
    process.exit(1);
  });
