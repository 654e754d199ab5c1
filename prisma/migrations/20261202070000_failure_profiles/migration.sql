-- Failure profiles (refusals, empty answers, answer length, recall-precision gap) as counts per
-- (submission, scorer version, scope), written by the worker's lexical stage. Submissions scored
-- before this migration get theirs from the worker's backfill at start
-- (workers/processors/failure-profile-backfill.ts).
CREATE TABLE "FailureProfile" (
    "submissionId" TEXT NOT NULL,
    "scorerVersion" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "n" INTEGER NOT NULL,
    "refused" INTEGER NOT NULL,
    "empty" INTEGER NOT NULL,
    "tokensMedian" DOUBLE PRECISION,
    "tokensP90" DOUBLE PRECISION,
    "recallPrecisionGap" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FailureProfile_pkey" PRIMARY KEY ("submissionId", "scorerVersion", "scope")
);

ALTER TABLE "FailureProfile" ADD CONSTRAINT "FailureProfile_submissionId_fkey"
    FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
