-- Issue 49, point 4: who ran the method. "first-party" (the submitter's own method) or
-- "third-party" (someone else's, named in "methodOwner"); NULL = not stated (older entries).
ALTER TABLE "Submission" ADD COLUMN "ranBy" TEXT, ADD COLUMN "methodOwner" TEXT;
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_ranBy_check"
  CHECK ("ranBy" IS NULL OR "ranBy" IN ('first-party', 'third-party'));
