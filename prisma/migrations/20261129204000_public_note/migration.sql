-- The public note an admin leaves when unpublishing an approved entry: its permanent link
-- then says why it is gone (410) instead of a bare 404.
ALTER TABLE "Submission" ADD COLUMN "publicNote" TEXT;
