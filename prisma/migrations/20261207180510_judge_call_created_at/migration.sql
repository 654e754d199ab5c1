-- Issue 47 (the lows): JUDGE_DAILY_CALLS counts today's judge calls before each judge stage.
CREATE INDEX "JudgeCall_createdAt_idx" ON "JudgeCall"("createdAt");
