-- Trust ledger (issue 14, points 4-6): the approval date kept after removal, the removal date,
-- the attempt ledger frozen at approval, and the trivial reference systems' scores.
ALTER TABLE "Submission" ADD COLUMN "approvedAt" TIMESTAMP(3);
ALTER TABLE "Submission" ADD COLUMN "removedAt" TIMESTAMP(3);
ALTER TABLE "Submission" ADD COLUMN "attemptsTotal" INTEGER;
ALTER TABLE "Submission" ADD COLUMN "attemptsSincePrevious" INTEGER;

-- Approval dates from the audit trail (the last approval of each submission).
UPDATE "Submission" s SET "approvedAt" = a.at
FROM (SELECT "targetId", max("createdAt") AS at FROM "AuditEvent" WHERE action = 'submission.approve' GROUP BY "targetId") a
WHERE a."targetId" = s.id AND (s."reviewState" = 'APPROVED' OR s."publicNote" IS NOT NULL);
UPDATE "Submission" SET "approvedAt" = "reviewedAt" WHERE "reviewState" = 'APPROVED' AND "approvedAt" IS NULL;
UPDATE "Submission" SET "removedAt" = "reviewedAt" WHERE "reviewState" <> 'APPROVED' AND "publicNote" IS NOT NULL;

-- Best reconstruction of the ledger for entries approved before it existed: the account's
-- submissions scored and uploaded by the approval, itself included.
UPDATE "Submission" s SET
  "attemptsTotal" = (SELECT count(*) FROM "Submission" o WHERE o."userId" = s."userId" AND (o.id = s.id OR (o."scoredAt" IS NOT NULL AND o."createdAt" <= s."approvedAt"))),
  "attemptsSincePrevious" = (SELECT count(*) FROM "Submission" o WHERE o."userId" = s."userId" AND (o.id = s.id OR (o."scoredAt" IS NOT NULL AND o."createdAt" <= s."approvedAt"
    AND o."createdAt" > COALESCE((SELECT max(p."approvedAt") FROM "Submission" p WHERE p."userId" = s."userId" AND p.id <> s.id AND p."approvedAt" < s."approvedAt"), '-infinity'))))
WHERE s."approvedAt" IS NOT NULL;

CREATE TABLE "ReferenceScore" (
    "kind" TEXT NOT NULL,
    "scorerVersion" TEXT NOT NULL,
    "answerKeyVersionId" TEXT NOT NULL,
    "split" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "aggregate" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "ciLow" DOUBLE PRECISION,
    "ciHigh" DOUBLE PRECISION,
    "n" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReferenceScore_pkey" PRIMARY KEY ("scorerVersion", "answerKeyVersionId", "kind", "split", "scope", "metric", "aggregate")
);

ALTER TABLE "ReferenceScore" ADD CONSTRAINT "ReferenceScore_answerKeyVersionId_fkey"
    FOREIGN KEY ("answerKeyVersionId") REFERENCES "AnswerKeyVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;
