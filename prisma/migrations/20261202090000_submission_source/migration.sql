-- Submitted from CI: where the predictions came from (GitHub Action).
ALTER TABLE "Submission" ADD COLUMN "sourceRepo" TEXT,
ADD COLUMN "sourceCommit" TEXT,
ADD COLUMN "sourceRun" TEXT;
