-- JudgeCall gets a foreign key to Submission, ON DELETE CASCADE like every other per-submission
-- table (Prediction, Score, StageRun, SubmissionFile): a deleted submission takes its judge
-- requests (raw replies quote its answers) with it. The run totals stay in the judge.* audit events.

-- Rows whose submission is already gone (written before this constraint existed) cannot satisfy
-- it. They are deleted, all of them, whatever their purpose; what they cost is kept first as one
-- AuditEvent per missing submission (id derived from the submission id, so the result does not
-- depend on when this runs). The lock (the one ADD CONSTRAINT takes anyway) keeps a worker from
-- writing a row between the statements.
LOCK TABLE "JudgeCall", "Submission" IN SHARE ROW EXCLUSIVE MODE;

INSERT INTO "AuditEvent" ("id", "actorId", "action", "targetType", "targetId", "details", "createdAt")
SELECT 'judgecall-orphans-' || md5(j."submissionId"),
       NULL,
       'judge.calls_purged',
       'submission',
       j."submissionId",
       jsonb_build_object(
         'reason', 'JudgeCall rows of a deleted submission, removed by migration 20261130000000_judge_call_submission_fk',
         'calls', count(*),
         'failedCalls', count(*) FILTER (WHERE NOT j."ok"),
         'promptTokens', sum(j."promptTokens"),
         'completionTokens', sum(j."completionTokens"),
         'purposes', jsonb_agg(DISTINCT j."purpose"),
         'firstAt', min(j."createdAt"),
         'lastAt', max(j."createdAt")
       ),
       CURRENT_TIMESTAMP
  FROM "JudgeCall" j
 WHERE NOT EXISTS (SELECT 1 FROM "Submission" s WHERE s."id" = j."submissionId")
 GROUP BY j."submissionId";

DELETE FROM "JudgeCall" j
 WHERE NOT EXISTS (SELECT 1 FROM "Submission" s WHERE s."id" = j."submissionId");

-- AddForeignKey
ALTER TABLE "JudgeCall" ADD CONSTRAINT "JudgeCall_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
