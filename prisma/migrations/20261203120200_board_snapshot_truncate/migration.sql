-- Issue 31: TRUNCATE skips row triggers, so it emptied BoardSnapshot despite the immutability
-- trigger. A statement trigger refuses it too; only `h2hmem restore --force` (which empties the
-- whole database after the operator confirmed its name) passes, by setting h2hmem.restore for
-- its own transaction.
CREATE FUNCTION "board_snapshot_no_truncate"() RETURNS trigger AS $$
BEGIN
  IF current_setting('h2hmem.restore', true) = 'force' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'BoardSnapshot rows are immutable (TRUNCATE refused)';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "BoardSnapshot_no_truncate" BEFORE TRUNCATE ON "BoardSnapshot"
    FOR EACH STATEMENT EXECUTE FUNCTION "board_snapshot_no_truncate"();
