-- One public generation (lib/server/public-cache/README.md): a one-row counter that moves in the same
-- transaction as every change a public page shows, so each process checks freshness with one read.
-- No row until the first change (a restore into a fresh database then finds it empty).
CREATE TABLE "PublicGeneration" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "value" BIGINT NOT NULL,

    CONSTRAINT "PublicGeneration_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "PublicGeneration_one_row" CHECK ("id" = 1)
);

-- Runs at COMMIT (the triggers are deferred), so the counter's row lock is held only while a transaction
-- commits and no lock is taken after it: writers never deadlock on it. Once per transaction. The value
-- never repeats, even after a restore of an older one: it is at least the clock in ms.
-- With an argument: the row belongs to the submission named by that column, and is public only while
-- that submission is approved (a pending upload's scores move nothing).
CREATE FUNCTION "public_generation_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sub TEXT;
BEGIN
  IF current_setting('h2hmem.generation_bumped', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  IF TG_NARGS > 0 AND TG_LEVEL = 'ROW' THEN
    sub := (CASE TG_OP WHEN 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0];
    IF sub IS NOT DISTINCT FROM current_setting('h2hmem.generation_private', true)
      OR NOT EXISTS (SELECT 1 FROM "Submission" WHERE "id" = sub AND "reviewState" = 'APPROVED') THEN
      PERFORM set_config('h2hmem.generation_private', sub, true);
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO "PublicGeneration" ("id", "value") VALUES (1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)
    ON CONFLICT ("id") DO UPDATE SET "value" = GREATEST("PublicGeneration"."value" + 1, EXCLUDED."value");
  PERFORM set_config('h2hmem.generation_bumped', txid_current()::text, true);
  RETURN NULL;
END;
$$;

-- Adding a public table is one line: SELECT public_generation_watch('"Table"'); or, for rows of one
-- submission, SELECT public_generation_watch('"Table"', 'submissionId');
CREATE FUNCTION "public_generation_watch"(tbl regclass, submission_column text DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'CREATE CONSTRAINT TRIGGER "public_generation" AFTER INSERT OR UPDATE OR DELETE ON %s '
    'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "public_generation_bump"(%s)',
    tbl, coalesce(quote_literal(submission_column), ''));
  -- TRUNCATE fires no row trigger (a restore with --force empties every table).
  EXECUTE format('CREATE TRIGGER "public_generation_truncate" AFTER TRUNCATE ON %s '
    'FOR EACH STATEMENT EXECUTE FUNCTION "public_generation_bump"()', tbl);
END;
$$;

SELECT public_generation_watch('"AnswerKeyVersion"');
SELECT public_generation_watch('"ReferenceQuestion"');
SELECT public_generation_watch('"Setting"');
SELECT public_generation_watch('"BoardSnapshot"');
SELECT public_generation_watch('"ReferenceScore"');
SELECT public_generation_watch('"JudgeCalibrationRun"');
SELECT public_generation_watch('"JudgeAgreementRun"');
SELECT public_generation_watch('"Score"', 'submissionId');
SELECT public_generation_watch('"QuestionScore"', 'submissionId');
SELECT public_generation_watch('"FailureProfile"', 'submissionId');
SELECT public_generation_watch('"Prediction"', 'submissionId');
SELECT public_generation_watch('"SubmissionFile"', 'submissionId');

-- A submission is public while approved or while its tombstone (publicNote) shows; its scoring progress
-- as a pending upload moves nothing.
CREATE CONSTRAINT TRIGGER "public_generation" AFTER INSERT ON "Submission" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (NEW."reviewState" = 'APPROVED' OR NEW."publicNote" IS NOT NULL) EXECUTE FUNCTION "public_generation_bump"();
CREATE CONSTRAINT TRIGGER "public_generation_update" AFTER UPDATE ON "Submission" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD."reviewState" = 'APPROVED' OR NEW."reviewState" = 'APPROVED' OR OLD."publicNote" IS NOT NULL OR NEW."publicNote" IS NOT NULL)
    EXECUTE FUNCTION "public_generation_bump"();
CREATE CONSTRAINT TRIGGER "public_generation_delete" AFTER DELETE ON "Submission" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD."reviewState" = 'APPROVED' OR OLD."publicNote" IS NOT NULL) EXECUTE FUNCTION "public_generation_bump"();
CREATE TRIGGER "public_generation_truncate" AFTER TRUNCATE ON "Submission" FOR EACH STATEMENT
    EXECUTE FUNCTION "public_generation_bump"();
