-- Per-question scores per scorer version. Until now they were columns of "Prediction" holding
-- only the latest run, so the public compare page mixed versions after a re-judge under a new,
-- unpublished version. Rows keyed by prediction (submissionId, split, index) + scorerVersion.
--
-- Old workers write the dropped columns: stop web and workers for this upgrade (docs/DEPLOY.md,
-- "Upgrades and migrations"). The locks keep anything from writing between backfill and drop.
LOCK TABLE "Prediction" IN ACCESS EXCLUSIVE MODE;
LOCK TABLE "Score", "StageRun" IN SHARE MODE;

CREATE TABLE "QuestionScore" (
    "submissionId" TEXT NOT NULL,
    "scorerVersion" TEXT NOT NULL,
    "split" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "precision" DOUBLE PRECISION,
    "recall" DOUBLE PRECISION,
    "f1" DOUBLE PRECISION,
    "bleu1" DOUBLE PRECISION,
    "judgeScore" DOUBLE PRECISION,
    "judgeReasoning" TEXT,

    -- Prediction first: the same index serves the cascade from Prediction and a submission's reads.
    CONSTRAINT "QuestionScore_pkey" PRIMARY KEY ("submissionId", "split", "index", "scorerVersion")
);

ALTER TABLE "QuestionScore" ADD CONSTRAINT "QuestionScore_submissionId_split_index_fkey"
    FOREIGN KEY ("submissionId", "split", "index") REFERENCES "Prediction"("submissionId", "split", "index")
    ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill. A stage's values on Prediction came from that stage's last run. They are kept only
-- when that run is the one that wrote the stage's newest Score rows (it finished): its StageRun
-- is DONE, or it was reset for a re-run that has not started yet (PENDING, or SKIPPED for the
-- judge) and the newest rows are younger than the last start. A FAILED or RUNNING stage (or a
-- reset after a failure) left partial values of an unknown run: not backfilled, the next run
-- writes them. Newest = latest createdAt, ties by version name (deterministic).
--
-- Lexical values depend only on the lexical part of the version (before "+judge="), so they are
-- copied under every version of the submission with f1 rows and the same lexical part (e.g. the
-- published judge A version and the new judge B version of a rollout).
WITH newest AS (
    SELECT DISTINCT ON (sc."submissionId") sc."submissionId", sc."createdAt", split_part(sc."scorerVersion", '+judge=', 1) AS lexical
      FROM "Score" sc
     WHERE sc."metric" = 'f1'
     ORDER BY sc."submissionId", sc."createdAt" DESC, sc."scorerVersion" DESC
), trusted AS (
    SELECT n.* FROM newest n
      JOIN "StageRun" r ON r."submissionId" = n."submissionId" AND r."stage" = 'lexical'
     WHERE r."status" = 'DONE' OR (r."status" = 'PENDING' AND r."startedAt" <= n."createdAt")
), versions AS (
    SELECT DISTINCT sc."submissionId", sc."scorerVersion"
      FROM "Score" sc JOIN trusted t ON t."submissionId" = sc."submissionId"
     WHERE sc."metric" = 'f1' AND split_part(sc."scorerVersion", '+judge=', 1) = t.lexical
)
INSERT INTO "QuestionScore" ("submissionId", "split", "index", "scorerVersion", "precision", "recall", "f1", "bleu1")
SELECT p."submissionId", p."split", p."index", v."scorerVersion", p."precision", p."recall", p."f1", p."bleu1"
  FROM "Prediction" p JOIN versions v ON v."submissionId" = p."submissionId"
 WHERE p."f1" IS NOT NULL;

-- Judge values belong to exactly one version: the one of the newest judge rows.
WITH newest AS (
    SELECT DISTINCT ON (sc."submissionId") sc."submissionId", sc."createdAt", sc."scorerVersion"
      FROM "Score" sc
     WHERE sc."metric" = 'judge'
     ORDER BY sc."submissionId", sc."createdAt" DESC, sc."scorerVersion" DESC
), trusted AS (
    SELECT n.* FROM newest n
      JOIN "StageRun" r ON r."submissionId" = n."submissionId" AND r."stage" = 'judge'
     WHERE r."status" = 'DONE' OR (r."status" IN ('PENDING', 'SKIPPED') AND r."startedAt" <= n."createdAt")
)
INSERT INTO "QuestionScore" ("submissionId", "split", "index", "scorerVersion", "judgeScore", "judgeReasoning")
SELECT p."submissionId", p."split", p."index", t."scorerVersion", p."judgeScore", p."judgeReasoning"
  FROM "Prediction" p JOIN trusted t ON t."submissionId" = p."submissionId"
 WHERE p."judgeScore" IS NOT NULL OR p."judgeReasoning" IS NOT NULL
ON CONFLICT ("submissionId", "split", "index", "scorerVersion")
    DO UPDATE SET "judgeScore" = EXCLUDED."judgeScore", "judgeReasoning" = EXCLUDED."judgeReasoning";

-- One source of truth: the latest-run columns go.
ALTER TABLE "Prediction"
    DROP COLUMN "precision",
    DROP COLUMN "recall",
    DROP COLUMN "f1",
    DROP COLUMN "bleu1",
    DROP COLUMN "judgeScore",
    DROP COLUMN "judgeReasoning";
