-- Transactional outbox: event mails and board snapshots are recorded in the transaction of the
-- state change they follow and carried out after the commit (or by the worker's reconciler).
CREATE TYPE "OutboxKind" AS ENUM ('EMAIL', 'BOARD_SNAPSHOT');
CREATE TYPE "OutboxStatus" AS ENUM ('PENDING', 'DONE', 'FAILED');

CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL,
    "kind" "OutboxKind" NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "OutboxStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "claimedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "OutboxMessage_status_createdAt_idx" ON "OutboxMessage"("status", "createdAt");

-- The reconciler re-enqueues PENDING webhook deliveries whose job is missing.
CREATE INDEX "WebhookDelivery_status_createdAt_idx" ON "WebhookDelivery"("status", "createdAt");
