-- Issue 47 point 3 (review finding M1): rank history, claims and the new-best feed read these rows
-- instead of re-parsing every board.json. One row per snapshot x view (split, metric, aggregate,
-- scope) x ranked entry, written by the snapshot writer in the snapshot's own transaction.
CREATE TABLE "BoardSnapshotRank" (
    "snapshotId" TEXT NOT NULL,
    "split" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "aggregate" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "methodName" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "tied" BOOLEAN NOT NULL,
    "ranked" INTEGER NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "ciLow" DOUBLE PRECISION,
    "ciHigh" DOUBLE PRECISION,
    "n" INTEGER NOT NULL,

    CONSTRAINT "BoardSnapshotRank_pkey" PRIMARY KEY ("snapshotId","split","metric","aggregate","scope","entryId")
);

-- An entry's history in one view; the entries at one rank (tie groups, rank 1 for the feed).
CREATE INDEX "BoardSnapshotRank_entryId_split_metric_aggregate_scope_idx" ON "BoardSnapshotRank"("entryId", "split", "metric", "aggregate", "scope");
CREATE INDEX "BoardSnapshotRank_split_metric_aggregate_scope_rank_snapshotId_idx" ON "BoardSnapshotRank"("split", "metric", "aggregate", "scope", "rank", "snapshotId");

ALTER TABLE "BoardSnapshotRank" ADD CONSTRAINT "BoardSnapshotRank_snapshotId_fkey"
    FOREIGN KEY ("snapshotId") REFERENCES "BoardSnapshot"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Part of the snapshot, so immutable as it is (a claim's proof must not change); the functions
-- are the snapshot's own (20261202080300, 20261203120200).
CREATE TRIGGER "BoardSnapshotRank_immutable" BEFORE UPDATE OR DELETE ON "BoardSnapshotRank"
    FOR EACH ROW EXECUTE FUNCTION "board_snapshot_immutable"();
CREATE TRIGGER "BoardSnapshotRank_no_truncate" BEFORE TRUNCATE ON "BoardSnapshotRank"
    FOR EACH STATEMENT EXECUTE FUNCTION "board_snapshot_no_truncate"();

-- Backfill from the snapshots already written. The ALL scope keeps the rank stored in board.json;
-- a main type or category is ranked by its own cells as lib/scoring/ranking.ts rankWithTies does
-- (value desc, then id; an entry ties the one above when the values are equal or its ciHigh
-- reaches the upper one's ciLow). tests/integration/history/snapshot-ranks.test.ts runs this
-- statement against rows the writer produced and requires the same rows. Idempotent.
INSERT INTO "BoardSnapshotRank" ("snapshotId", "split", "metric", "aggregate", "scope", "entryId", "methodName", "rank", "tied", "ranked", "value", "ciLow", "ciHigh", "n")
WITH entry AS (
  SELECT s."id" AS sid, b->>'split' AS split, b->>'metric' AS metric, b->>'aggregate' AS aggregate, e
  FROM "BoardSnapshot" s
  CROSS JOIN LATERAL jsonb_array_elements(s."boardJson"::jsonb -> 'boards') b
  CROSS JOIN LATERAL jsonb_array_elements(b -> 'entries') e
  WHERE NOT EXISTS (SELECT 1 FROM "BoardSnapshotRank" r WHERE r."snapshotId" = s."id")
), cell AS (
  SELECT sid, split, metric, aggregate, 'ALL' AS scope, e, (e->>'rank')::int AS rank, (e->>'tied')::boolean AS tied, e->'overall' AS c
  FROM entry
  UNION ALL
  SELECT sid, split, metric, aggregate, k.key, e, NULL, NULL, k.value
  FROM entry
  CROSS JOIN LATERAL jsonb_each(COALESCE(e->'mainTypes', '{}'::jsonb) || COALESCE(e->'categories', '{}'::jsonb)) k
  WHERE jsonb_typeof(k.value) = 'object'
), val AS (
  SELECT sid, split, metric, aggregate, scope, e->>'id' AS id, e->>'methodName' AS name, rank, tied,
         (c->>'value')::float8 AS v, (c->>'ciLow')::float8 AS lo, (c->>'ciHigh')::float8 AS hi, (c->>'n')::int AS n
  FROM cell
), ordered AS (
  SELECT *, row_number() OVER w AS pos, lag(v) OVER w AS up_v, lag(lo) OVER w AS up_lo
  FROM val
  WINDOW w AS (PARTITION BY sid, split, metric, aggregate, scope ORDER BY v DESC, id COLLATE "C")
), grouped AS (
  SELECT *, sum(CASE WHEN pos > 1 AND (up_v = v OR (up_lo IS NOT NULL AND hi IS NOT NULL AND hi >= up_lo)) THEN 0 ELSE 1 END)
            OVER (PARTITION BY sid, split, metric, aggregate, scope ORDER BY pos) AS grp
  FROM ordered
)
SELECT sid, split, metric, aggregate, scope, id, name,
       COALESCE(rank, min(pos) OVER g)::int,
       COALESCE(tied, count(*) OVER g > 1),
       count(*) OVER (PARTITION BY sid, split, metric, aggregate, scope)::int,
       v, lo, hi, n
FROM grouped
WINDOW g AS (PARTITION BY sid, split, metric, aggregate, scope, grp)
ON CONFLICT DO NOTHING;
