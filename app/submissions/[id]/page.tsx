import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ActionButton } from "@/components/submissions/action-button";
import { IssueList, type IssueView } from "@/components/submissions/issue-list";
import { LiveStatus } from "@/app/submissions/[id]/_components/live-status";
import { PredictionTable } from "@/app/submissions/[id]/_components/prediction-table";
import { StatusBadge } from "@/components/submissions/status-badge";
import { SubmissionFacts } from "@/app/submissions/[id]/_components/submission-facts";
import { ScoreTables } from "@/components/ui/score-table";
import { currentUser } from "@/lib/server/auth/session";
import { isAppError } from "@/lib/server/errors";
import { listPredictions, predictionFilterSchema } from "@/lib/server/submissions/predictions";
import { getSubmissionForViewer } from "@/lib/server/submissions/submission-views";
import { NoteForm } from "@/components/ui/note-form";
import { publishPredictionsAction, retryStageAction, withdrawAction } from "../actions";

export const metadata: Metadata = { title: "Submission" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SubmissionPage({ params, searchParams }: Props) {
  const { id } = await params;
  const user = await currentUser();
  if (!user) redirect(`/signin?callbackUrl=/submissions/${encodeURIComponent(id)}`);
  const view = await getSubmissionForViewer(id, user).catch((e: unknown) => {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const sp = await searchParams;
  const filter = predictionFilterSchema.parse(Object.fromEntries(Object.entries(sp).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
  const predictions = view.status === "SCORED" ? await listPredictions(view.id, filter, view.scorerVersion) : null;
  const hasJudge = (view.scores ?? []).some((r) => r.metric === "judge");

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold" data-testid="submission-title">{view.methodName}</h1>
        <span className="text-sm">Review: <StatusBadge value={view.review.state} testId="review-state" /></span>
        {view.review.state === "PENDING" && view.owner.id === user.id ? (
          <ActionButton label="Withdraw" confirm="Withdraw this submission? It will not be reviewed or shown." run={withdrawAction.bind(null, view.id, undefined)} />
        ) : null}
        {view.review.state === "APPROVED" && view.owner.id === user.id ? (
          // An approved entry leaves the board with a public tombstone that shows this reason.
          <NoteForm label="Reason for withdrawing this entry (shown publicly)" button="Withdraw from the leaderboard" run={withdrawAction.bind(null, view.id)} />
        ) : null}
      </div>
      {view.review.reason ? <p className="text-sm">Reviewer&apos;s reason: {view.review.reason}</p> : null}
      {/* Keyed by status so a retry (FAILED -> QUEUED after refresh) restarts polling. */}
      <LiveStatus key={view.status} initial={view}>
        {view.status === "FAILED" ? (
          <ActionButton
            label={`Retry the ${view.failure?.stage === "judge" ? "judge" : "lexical"} stage`}
            run={retryStageAction.bind(null, view.id, view.failure?.stage === "judge" ? "judge" : "lexical")}
          />
        ) : null}
      </LiveStatus>
      <IssueList issues={view.warnings as IssueView[]} title="Warnings from validation" />
      {view.scores ? (
        <section aria-labelledby="scores-h" className="space-y-2">
          <h2 id="scores-h" className="text-lg font-semibold">Scores</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Scorer version <code>{view.scorerVersion ?? "–"}</code></p>
          <ScoreTables rows={view.scores} />
        </section>
      ) : null}
      <SubmissionFacts view={view} />
      {view.owner.id === user.id ? (
        <section aria-labelledby="public-h" className="space-y-2 text-sm">
          <h2 id="public-h" className="text-lg font-semibold">Reproducibility</h2>
          {view.publicPredictions ? (
            <p data-testid="predictions-public">Your prediction files are public: once approved, anyone can download them from the entry page and re-score them with <code>h2hmem verify</code>.</p>
          ) : (
            <>
              <p>Make the prediction files public so readers can download and re-score this entry (<code>h2hmem verify</code>). This cannot be undone.</p>
              <ActionButton label="Make predictions public" confirm="Make both prediction files public? This cannot be undone." run={publishPredictionsAction.bind(null, view.id)} />
            </>
          )}
        </section>
      ) : null}
      {predictions ? <PredictionTable basePath={`/submissions/${view.id}`} filter={filter} hasJudge={hasJudge} scorerVersion={view.scorerVersion} {...predictions} /> : null}
    </div>
  );
}
