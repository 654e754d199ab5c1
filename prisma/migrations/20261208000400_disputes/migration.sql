-- Disputes with a right of reply (issue 49, point 3): lib/server/disputes/.
CREATE TYPE "DisputeType" AS ENUM ('wrong_conditions', 'judge_issue', 'gold_answer_error', 'leakage', 'not_reproducible', 'other');
CREATE TYPE "DisputeState" AS ENUM ('open', 'answered', 'resolved');
CREATE TYPE "DisputeResolution" AS ENUM ('no_action', 'note_added', 'rescore', 'withdrawal');

CREATE TABLE "Dispute" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "openerId" TEXT,
    "type" "DisputeType" NOT NULL,
    "statement" TEXT NOT NULL,
    "evidenceLinks" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "state" "DisputeState" NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "hiddenAt" TIMESTAMP(3),
    "resolution" "DisputeResolution",
    "resolutionNote" TEXT,
    "rescoreRef" TEXT,
    "resolvedAt" TIMESTAMP(3),
    CONSTRAINT "Dispute_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Dispute_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Dispute_openerId_fkey" FOREIGN KEY ("openerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "Dispute_submissionId_createdAt_idx" ON "Dispute"("submissionId", "createdAt");
CREATE INDEX "Dispute_openerId_createdAt_idx" ON "Dispute"("openerId", "createdAt");

CREATE TABLE "DisputeReply" (
    "id" TEXT NOT NULL,
    "disputeId" TEXT NOT NULL,
    "authorId" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "hiddenAt" TIMESTAMP(3),
    CONSTRAINT "DisputeReply_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "DisputeReply_disputeId_fkey" FOREIGN KEY ("disputeId") REFERENCES "Dispute"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DisputeReply_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "DisputeReply_disputeId_createdAt_idx" ON "DisputeReply"("disputeId", "createdAt");

-- The entry page, the feed and the API show every thread: any change is public.
SELECT public_generation_watch('"Dispute"');
SELECT public_generation_watch('"DisputeReply"');

-- Who may open a dispute: a verified address (User.emailVerified). A confirmed sign-up and an OAuth
-- sign-in set it; an operator's account (the CLI, lib/server/auth/users.ts) now does too. Accounts made
-- by an operator before this migration are those without a self-service sign-up in the audit trail.
UPDATE "User" u SET "emailVerified" = u."createdAt"
WHERE u."emailVerified" IS NULL AND NOT u."pendingConfirmation" AND u."passwordHash" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "AuditEvent" a WHERE a."action" = 'user.signup' AND a."targetId" = u."id");
