-- Board snapshots: an immutable public record of the board after each change (see schema.prisma).
CREATE TABLE "BoardSnapshot" (
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reason" TEXT NOT NULL,
    "scorerVersion" TEXT NOT NULL,
    "answerKeyVersion" TEXT,
    "contentSha256" TEXT NOT NULL,
    "manifest" JSONB NOT NULL,
    "boardJson" TEXT NOT NULL,
    "boardCsv" TEXT NOT NULL,

    CONSTRAINT "BoardSnapshot_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "BoardSnapshot_createdAt_idx" ON "BoardSnapshot"("createdAt");

-- Immutable: a cited snapshot can never change or disappear.
CREATE FUNCTION "board_snapshot_immutable"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'BoardSnapshot rows are immutable';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "BoardSnapshot_immutable" BEFORE UPDATE OR DELETE ON "BoardSnapshot"
    FOR EACH ROW EXECUTE FUNCTION "board_snapshot_immutable"();
