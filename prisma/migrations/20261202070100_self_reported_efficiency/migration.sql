-- Self-reported efficiency on the method card (optional; the API labels it self-reported).
ALTER TABLE "Submission"
    ADD COLUMN "storageSecondsPerSession" DOUBLE PRECISION,
    ADD COLUMN "retrievalSecondsPerQuestion" DOUBLE PRECISION,
    ADD COLUMN "answerSecondsPerQuestion" DOUBLE PRECISION,
    ADD COLUMN "tokensPerQuestion" DOUBLE PRECISION,
    ADD COLUMN "hardware" TEXT;
