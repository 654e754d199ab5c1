-- Stage names become the enum "Stage" (schema.prisma; lib/server/submissions/stages.ts) for the
-- columns that hold one: StageRun.stage and Submission.failureStage. No code ever wrote another
-- value; should a row hold one anyway, the cast fails and this migration rolls back, naming it,
-- instead of dropping data. Submission.stage stays text: it is a progress label ("queued",
-- a stage name, "done"), not a stage.
CREATE TYPE "Stage" AS ENUM ('lexical', 'judge');

ALTER TABLE "StageRun" ALTER COLUMN "stage" TYPE "Stage" USING "stage"::"Stage";

ALTER TABLE "Submission" ALTER COLUMN "failureStage" TYPE "Stage" USING "failureStage"::"Stage";
