-- CreateTable
CREATE TABLE "JudgeCall" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "questionIds" JSONB NOT NULL,
    "attempt" INTEGER NOT NULL,
    "level" INTEGER NOT NULL,
    "ok" BOOLEAN NOT NULL,
    "error" TEXT,
    "rawReply" TEXT,
    "promptTokens" INTEGER NOT NULL,
    "completionTokens" INTEGER NOT NULL,
    "latencyMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeCall_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "JudgeCall_submissionId_createdAt_idx" ON "JudgeCall"("submissionId", "createdAt");

-- CreateIndex
CREATE INDEX "JudgeCall_runId_idx" ON "JudgeCall"("runId");
