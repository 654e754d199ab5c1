-- Scorer versions name the answer key ("lex-1+nltk+sw198+key=<8 hex>[+judge=...]",
-- lib/server/versions/current-version.ts), so scores against different keys are different
-- versions and no ranking mixes them. Existing rows get the key of their submission's last
-- lexical run (Submission.answerKeyVersionId): the only record of which key a row was computed
-- against. A submission re-scored under another key before this migration has older rows of
-- another version labelled with the newer key (no history says otherwise); rows of submissions
-- scored without a key keep their version. The key part goes right after the lexical part.
UPDATE "Score" AS sc
SET "scorerVersion" = regexp_replace(sc."scorerVersion", '^(lex-[^+]+\+[^+]+\+sw[0-9]+)', '\1+key=' || left(k."contentSha256", 8))
FROM "Submission" AS s JOIN "AnswerKeyVersion" AS k ON k.id = s."answerKeyVersionId"
WHERE s.id = sc."submissionId" AND sc."scorerVersion" ~ '^lex-[^+]+\+[^+]+\+sw[0-9]+' AND sc."scorerVersion" NOT LIKE '%+key=%';

UPDATE "QuestionScore" AS q
SET "scorerVersion" = regexp_replace(q."scorerVersion", '^(lex-[^+]+\+[^+]+\+sw[0-9]+)', '\1+key=' || left(k."contentSha256", 8))
FROM "Submission" AS s JOIN "AnswerKeyVersion" AS k ON k.id = s."answerKeyVersionId"
WHERE s.id = q."submissionId" AND q."scorerVersion" ~ '^lex-[^+]+\+[^+]+\+sw[0-9]+' AND q."scorerVersion" NOT LIKE '%+key=%';

-- A pinned board names the active key: entries scored against another key are then listed as
-- not re-scored yet instead of being ranked beside it.
UPDATE "Setting" AS st
SET "value" = regexp_replace(st."value", '^(lex-[^+]+\+[^+]+\+sw[0-9]+)', '\1+key=' || left(k."contentSha256", 8))
FROM "AnswerKeyVersion" AS k
WHERE st."key" = 'published_scorer_version' AND k.active AND st."value" ~ '^lex-[^+]+\+[^+]+\+sw[0-9]+' AND st."value" NOT LIKE '%+key=%';
