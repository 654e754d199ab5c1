-- Issue 50: the question explorer reads one question's per-entry results through its key rows.
CREATE INDEX "Prediction_referenceQuestionId_idx" ON "Prediction"("referenceQuestionId");
