-- Covering index for the /api/metrics judge aggregates (index-only scan; see docs/OPERATIONS.md).
CREATE INDEX "JudgeCall_metrics_idx" ON "JudgeCall"("purpose", "ok", "promptTokens", "completionTokens", "latencyMs");
