-- One outbox: every webhook delivery becomes an OutboxMessage row of kind WEBHOOK (same id, so the
-- `webhook-id` and any job still queued for it stay valid; DELIVERED becomes DONE, deliveredAt
-- doneAt), and WebhookDelivery is dropped. The enum is rebuilt because a value added with
-- ADD VALUE cannot be used in the transaction that adds it.
ALTER TYPE "OutboxKind" RENAME TO "OutboxKind_old";
CREATE TYPE "OutboxKind" AS ENUM ('EMAIL', 'BOARD_SNAPSHOT', 'WEBHOOK');
ALTER TABLE "OutboxMessage" ALTER COLUMN "kind" TYPE "OutboxKind" USING ("kind"::text::"OutboxKind");
DROP TYPE "OutboxKind_old";

ALTER TABLE "OutboxMessage"
    ADD COLUMN "endpointId" TEXT,
    ADD COLUMN "event" TEXT,
    ADD COLUMN "lastStatus" INTEGER;

INSERT INTO "OutboxMessage"
    ("id", "kind", "payload", "status", "attempts", "lastError", "createdAt", "doneAt", "endpointId", "event", "lastStatus")
SELECT "id", 'WEBHOOK', "payload",
       (CASE "status" WHEN 'DELIVERED' THEN 'DONE' ELSE "status"::text END)::"OutboxStatus",
       "attempts", "lastError", "createdAt", "deliveredAt", "endpointId", "event", "lastStatus"
  FROM "WebhookDelivery";

DROP TABLE "WebhookDelivery";
DROP TYPE "WebhookDeliveryStatus";

-- A WEBHOOK row, and only one, names its endpoint and event.
ALTER TABLE "OutboxMessage" ADD CONSTRAINT "OutboxMessage_webhook_check"
    CHECK (("kind" = 'WEBHOOK') = ("endpointId" IS NOT NULL AND "event" IS NOT NULL));

CREATE INDEX "OutboxMessage_endpointId_createdAt_idx" ON "OutboxMessage"("endpointId", "createdAt");

ALTER TABLE "OutboxMessage" ADD CONSTRAINT "OutboxMessage_endpointId_fkey"
    FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
