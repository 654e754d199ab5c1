-- E-mail on submission events is on by default; each account may opt out per event type.
ALTER TABLE "User" ADD COLUMN "mailOptOut" JSONB NOT NULL DEFAULT '[]';
