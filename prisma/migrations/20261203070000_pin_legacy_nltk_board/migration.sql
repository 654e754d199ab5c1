-- Scorer versions now name their NLTK mode (nltk35 = the benchmark's pin, the new default;
-- nltk38), and versions written before say "nltk" / "whitespace" and mean NLTK 3.8
-- (lib/scoring/scorer-version.ts). A board that follows the deployment's current version
-- (nothing published) would switch by itself to the new version, under which no entry has rows
-- yet. So when nothing is published and approved entries have headline rows (overall, ALL,
-- micro; the judge for a version with a judge, else F1) under a legacy version, the board is
-- pinned to the legacy version that covers the most of them. The worker then re-scores the
-- entries under the new version (no judge calls) and an administrator publishes it on
-- /admin/rescore. A fresh database, or one with a published version, is left alone.
INSERT INTO "Setting" ("key", "value", "updatedAt")
SELECT 'published_scorer_version', v.version, CURRENT_TIMESTAMP
FROM (
  SELECT sc."scorerVersion" AS version, count(DISTINCT sc."submissionId") AS n
  FROM "Score" sc JOIN "Submission" s ON s.id = sc."submissionId"
  WHERE s."reviewState" = 'APPROVED' AND sc.split = 'overall' AND sc.scope = 'ALL' AND sc.aggregate = 'micro'
    AND sc."scorerVersion" ~ '^lex-[0-9]+\+(nltk|whitespace)\+sw[0-9]+(\+|$)'
    AND sc.metric = CASE WHEN sc."scorerVersion" LIKE '%+judge=%' THEN 'judge' ELSE 'f1' END
  GROUP BY sc."scorerVersion"
  ORDER BY n DESC, version
  LIMIT 1
) AS v
WHERE NOT EXISTS (SELECT 1 FROM "Setting" WHERE "key" = 'published_scorer_version')
ON CONFLICT ("key") DO NOTHING;
