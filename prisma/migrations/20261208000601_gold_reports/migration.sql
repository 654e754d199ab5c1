-- Issue 50 point 3: reports that a question's gold answer is wrong or ambiguous, public with their state;
-- an accepted one is a correction for the next answer-key version.
CREATE TYPE "GoldReportKind" AS ENUM ('WRONG', 'AMBIGUOUS');
CREATE TYPE "GoldReportState" AS ENUM ('PENDING', 'ACCEPTED', 'REJECTED', 'DUPLICATE');

CREATE TABLE "GoldReport" (
    "id" TEXT NOT NULL,
    "qid" TEXT NOT NULL,
    "keyVersionId" TEXT,
    "goldAnswer" TEXT NOT NULL,
    "reporterId" TEXT,
    "kind" "GoldReportKind" NOT NULL,
    "proposedAnswer" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "state" "GoldReportState" NOT NULL DEFAULT 'PENDING',
    "correctedAnswer" TEXT,
    "decisionReason" TEXT,
    "duplicateOfId" TEXT,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GoldReport_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "GoldReport_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "GoldReport_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "GoldReport_duplicateOfId_fkey" FOREIGN KEY ("duplicateOfId") REFERENCES "GoldReport"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "GoldReport_qid_createdAt_idx" ON "GoldReport"("qid", "createdAt");
CREATE INDEX "GoldReport_state_createdAt_idx" ON "GoldReport"("state", "createdAt");

SELECT public_generation_watch('"GoldReport"');
