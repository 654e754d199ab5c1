-- A token made before the split could, with `submit`, also manage webhooks and publish files.
-- It keeps exactly that (as 20261202050000_token_scopes did), so no script stops working; the
-- tokens page now lists those powers by name, and new tokens get them only when ticked.
UPDATE "ApiToken"
   SET "scopes" = "scopes" || ARRAY['webhooks', 'publish']::"TokenScope"[]
 WHERE 'submit' = ANY("scopes") AND "revokedAt" IS NULL;
