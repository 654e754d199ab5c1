-- Run-time settings changed by an administrator (audited as AuditEvent rows), starting with
-- the scorer version the public leaderboard reads ("published_scorer_version").
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedById" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Setting_pkey" PRIMARY KEY ("key")
);
