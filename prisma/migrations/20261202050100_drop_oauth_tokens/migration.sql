-- GitHub access tokens are no longer kept (lib/server/auth/session.ts, linkAccount): they were
-- used once at sign-in and, stored, were credentials to users' GitHub accounts in our database
-- and backups. Drop the ones stored before.
UPDATE "Account" SET "access_token" = NULL, "refresh_token" = NULL, "id_token" = NULL, "expires_at" = NULL, "session_state" = NULL
  WHERE "access_token" IS NOT NULL OR "refresh_token" IS NOT NULL OR "id_token" IS NOT NULL;
