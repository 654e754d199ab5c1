-- The judge code wrote its audit events (judge.done, judge.failed, judge.agreement) and migration
-- 20261130000000 its judge.calls_purged rows with targetType 'submission'; everything else writes
-- 'Submission', the type the admin audit page links to the submission's review page. One spelling
-- from now on (lib/server/audit.ts, recordAudit): the old rows are renamed so that they link too.
UPDATE "AuditEvent" SET "targetType" = 'Submission' WHERE "targetType" = 'submission';
