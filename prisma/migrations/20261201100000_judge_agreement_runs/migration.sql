-- Judge-agreement checks become jobs: the web app records the request here and enqueues its id;
-- a worker runs the check and writes the report back (the web process never calls the LLM).
CREATE TYPE "AgreementStatus" AS ENUM ('QUEUED', 'RUNNING', 'DONE', 'FAILED');

CREATE TABLE "JudgeAgreementRun" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "requestedById" TEXT,
    "sample" INTEGER NOT NULL,
    "seed" INTEGER NOT NULL,
    "status" "AgreementStatus" NOT NULL DEFAULT 'QUEUED',
    "report" JSONB,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "JudgeAgreementRun_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "JudgeAgreementRun_submissionId_createdAt_idx" ON "JudgeAgreementRun"("submissionId", "createdAt");

ALTER TABLE "JudgeAgreementRun" ADD CONSTRAINT "JudgeAgreementRun_submissionId_fkey"
    FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "JudgeAgreementRun" ADD CONSTRAINT "JudgeAgreementRun_requestedById_fkey"
    FOREIGN KEY ("requestedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
