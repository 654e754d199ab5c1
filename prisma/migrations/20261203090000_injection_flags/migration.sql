-- Judge-injection flags, computed by the worker when it scores a submission (issue 31): review
-- pages read them instead of running the detector on the web. Empty lists: checked, clean.
CREATE TABLE "InjectionFlag" (
    "submissionId" TEXT NOT NULL,
    "questions" JSONB NOT NULL DEFAULT '[]',
    "rules" JSONB NOT NULL DEFAULT '[]',
    "checkedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InjectionFlag_pkey" PRIMARY KEY ("submissionId")
);

ALTER TABLE "InjectionFlag" ADD CONSTRAINT "InjectionFlag_submissionId_fkey"
    FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
