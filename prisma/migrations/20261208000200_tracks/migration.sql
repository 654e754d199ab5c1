-- Issue 48: tracks and context budgets on the method card; each track ranked on its own.
ALTER TABLE "Submission"
  ADD COLUMN "track" TEXT NOT NULL DEFAULT 'memory',
  ADD COLUMN "declaredTrack" TEXT NOT NULL DEFAULT 'memory',
  ADD COLUMN "trackReason" JSONB,
  ADD COLUMN "contextTopK" INTEGER,
  ADD COLUMN "contextTokens" INTEGER;

-- Old snapshots ranked every entry together, before tracks: their rows are the memory view's.
ALTER TABLE "BoardSnapshotRank" ADD COLUMN "track" TEXT NOT NULL DEFAULT 'memory';
