-- Demo data is marked (prisma/seed.ts): a demo answer key and demo entries. Demo entries leave the
-- public board once a non-demo key is active, never count against a quota, and `h2hmem demo
-- remove` deletes them. Existing rows: the seed's key (its fixed label) and the entries of its
-- demo account, the only rows the seed ever wrote.
ALTER TABLE "AnswerKeyVersion" ADD COLUMN "isDemo" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Submission" ADD COLUMN "isDemo" BOOLEAN NOT NULL DEFAULT false;

UPDATE "AnswerKeyVersion" SET "isDemo" = true WHERE label = 'synthetic seed answer key';
UPDATE "Submission" SET "isDemo" = true WHERE "userId" IN (SELECT id FROM "User" WHERE email = 'demo-entries@h2hmem.local');
