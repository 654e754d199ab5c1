-- Scoped, expiring API tokens. Tokens made before scopes existed could do everything their
-- owner's role allowed; they keep exactly that (submit + read, and admin for an admin's
-- tokens), so no script stops working. New tokens name their scopes; no column default.
CREATE TYPE "TokenScope" AS ENUM ('submit', 'read', 'admin');

ALTER TABLE "ApiToken"
    ADD COLUMN "scopes" "TokenScope"[] NOT NULL DEFAULT ARRAY['submit', 'read']::"TokenScope"[],
    ADD COLUMN "expiresAt" TIMESTAMP(3);

UPDATE "ApiToken" t SET "scopes" = ARRAY['submit', 'read', 'admin']::"TokenScope"[]
  FROM "User" u WHERE u."id" = t."userId" AND u."role" = 'ADMIN';

ALTER TABLE "ApiToken" ALTER COLUMN "scopes" DROP DEFAULT;
