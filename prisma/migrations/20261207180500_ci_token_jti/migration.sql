-- Issue 47 (the lows): a verified CI OIDC token's `jti`, unique, so one token vouches for one upload.
ALTER TABLE "Submission" ADD COLUMN "sourceTokenId" TEXT;
CREATE UNIQUE INDEX "Submission_sourceTokenId_key" ON "Submission"("sourceTokenId");
