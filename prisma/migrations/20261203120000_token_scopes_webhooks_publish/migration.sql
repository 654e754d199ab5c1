-- Issue 31: managing webhook endpoints and making prediction files public become scopes of their
-- own instead of riding on `submit`. A new enum value cannot be used in the transaction that adds
-- it, so existing tokens are given them by the next migration.
ALTER TYPE "TokenScope" ADD VALUE 'webhooks';
ALTER TYPE "TokenScope" ADD VALUE 'publish';
