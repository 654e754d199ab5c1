-- Verified CI provenance: set only when the upload carried a CI OIDC token the server verified
-- (issuer, audience, signature, expiry); the source fields then come from its claims.
-- NULL: the source fields, if any, are as the submitter typed them.
ALTER TABLE "Submission" ADD COLUMN "sourceVerifiedAt" TIMESTAMP(3),
ADD COLUMN "sourceRef" TEXT,
ADD COLUMN "sourceWorkflow" TEXT;
