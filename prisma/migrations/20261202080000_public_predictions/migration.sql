-- An author may make an entry's prediction files public (reproducible entries): existing
-- submissions stay private.
ALTER TABLE "Submission" ADD COLUMN "publicPredictions" BOOLEAN NOT NULL DEFAULT false;
