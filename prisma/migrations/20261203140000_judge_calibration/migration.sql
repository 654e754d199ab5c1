-- The judge card (docs/JUDGE.md, "The judge card"): one calibration run per judge version and
-- answer key (role 'primary', computed automatically by the worker), and the admin's second-judge
-- panel runs (role 'panel'). Results are the judged calibration items (and, for a panel, its
-- entry means); scores here never reach the board.
CREATE TABLE "JudgeCalibrationRun" (
    "id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "keySha256" TEXT NOT NULL,
    "sample" INTEGER NOT NULL,
    "seed" INTEGER NOT NULL,
    "status" "AgreementStatus" NOT NULL DEFAULT 'QUEUED',
    "results" JSONB,
    "usage" JSONB,
    "error" TEXT,
    "requestedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "JudgeCalibrationRun_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "JudgeCalibrationRun_model_promptVersion_createdAt_idx" ON "JudgeCalibrationRun"("model", "promptVersion", "createdAt");

ALTER TABLE "JudgeCalibrationRun" ADD CONSTRAINT "JudgeCalibrationRun_requestedById_fkey"
    FOREIGN KEY ("requestedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
