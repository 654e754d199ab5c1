-- Self-service sign-up: an account created with email confirmation stays pending (no
-- credentials sign-in) until its mailed link is used. Existing accounts are not pending.
-- The links' tokens live, sha-256 hashed, in the Auth.js "VerificationToken" table.
ALTER TABLE "User" ADD COLUMN "pendingConfirmation" BOOLEAN NOT NULL DEFAULT false;
