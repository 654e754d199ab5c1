-- The DOI an admin records for a board snapshot after depositing its archive (e.g. on Zenodo).
-- A table of its own because BoardSnapshot rows are immutable (a trigger refuses UPDATE).
CREATE TABLE "SnapshotDoi" (
    "snapshotId" TEXT NOT NULL,
    "doi" TEXT NOT NULL,
    "recordedById" TEXT,
    "recordedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SnapshotDoi_pkey" PRIMARY KEY ("snapshotId"),
    CONSTRAINT "SnapshotDoi_snapshotId_fkey" FOREIGN KEY ("snapshotId") REFERENCES "BoardSnapshot"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
