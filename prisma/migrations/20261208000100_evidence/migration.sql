-- Retrieved evidence (issue 48): the gold session of each key question, derived once at import from
-- answer_session (lib/scoring/answer-key.ts evidenceSessionOf; null: no usable evidence); the ranked
-- sessions a prediction says its method retrieved ('{}': none sent); and the evidence metrics the
-- worker computes after the judge stage, one JSON report per (submission, scorer version). No row:
-- the entry sent no retrieved sessions ("not reported"). Keys imported before this migration get
-- their evidence when the same folder is imported again (idempotent by content).
ALTER TABLE "ReferenceQuestion" ADD COLUMN "evidenceSession" INTEGER;
ALTER TABLE "Prediction" ADD COLUMN "retrievedSessions" TEXT[] NOT NULL DEFAULT '{}';

CREATE TABLE "EvidenceReport" (
    "submissionId" TEXT NOT NULL,
    "scorerVersion" TEXT NOT NULL,
    "report" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EvidenceReport_pkey" PRIMARY KEY ("submissionId", "scorerVersion")
);

ALTER TABLE "EvidenceReport" ADD CONSTRAINT "EvidenceReport_submissionId_fkey"
    FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The entry page, the API and the exports show it.
SELECT public_generation_watch('"EvidenceReport"', 'submissionId');
