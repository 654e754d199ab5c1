-- Issue 50 point 1 and issue 49 point 2: a submission can be a replicate run of an entry of the same
-- account (`runOf`) or another account's reproduction of an entry (`reproduces`); neither ranks as its own
-- row. Plain ids, no foreign keys: purging an entry must not turn its runs or reproductions into entries.
-- `maintainerRerunAt`: an admin marked a reproduction as run by the maintainers (audited).
-- Submission is watched by the public generation already.
ALTER TABLE "Submission" ADD COLUMN "runOf" TEXT;
ALTER TABLE "Submission" ADD COLUMN "reproduces" TEXT;
ALTER TABLE "Submission" ADD COLUMN "maintainerRerunAt" TIMESTAMP(3);
CREATE INDEX "Submission_runOf_idx" ON "Submission"("runOf");
CREATE INDEX "Submission_reproduces_idx" ON "Submission"("reproduces");
