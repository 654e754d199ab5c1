import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { ActionButton } from "@/components/submissions/action-button";
import { IssueList, type IssueView } from "@/components/submissions/issue-list";
import { LiveStatus } from "@/app/(site)/submissions/[id]/_components/live-status";
import { PredictionTable } from "@/app/(site)/submissions/[id]/_components/prediction-table";
import { StatusBadge } from "@/components/submissions/status-badge";
import { SubmissionFacts } from "@/app/(site)/submissions/[id]/_components/submission-facts";
import { ScoreTables } from "@/components/ui/score-table";
import { currentUser } from "@/lib/server/auth/session";
import { listPredictions, predictionFilterSchema } from "@/lib/server/submissions/predictions";
import { getSubmissionForViewer } from "@/lib/server/submissions/submission-views";
import { NoteForm } from "@/components/ui/note-form";
import { publishPredictionsAction, retryStageAction, withdrawAction } from "../actions";
import { Section } from "@/components/ui/section";
import { orNotFound, pageTitle, type SearchParams } from "@/app/(site)/page-helpers";
import { judgeOfVersion } from "@/lib/server/judge/demo-judge";

export const generateMetadata = pageTitle("submissions.submissionTitle");

type Props = { params: Promise<{ id: string }>; searchParams: SearchParams };

export default async function SubmissionPage({ params, searchParams }: Props) {
  const { id } = await params;
  const user = await currentUser();
  if (!user) redirect(`/signin?callbackUrl=/submissions/${encodeURIComponent(id)}`);
  const view = await orNotFound(getSubmissionForViewer(id, user));
  const sp = await searchParams;
  const filter = predictionFilterSchema.parse(
    Object.fromEntries(Object.entries(sp).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])),
  );
  const predictions = view.status === "SCORED" ? await listPredictions(view.id, filter, view.scorerVersion) : null;
  const hasJudge = (view.scores ?? []).some((r) => r.metric === "judge");
  const t = await getTranslations("submissions");
  const failedStage = view.failure?.stage === "judge" ? "judge" : "lexical";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold" data-testid="submission-title">
          {view.methodName}
        </h1>
        <span className="text-sm">
          {t("review")} <StatusBadge value={view.review.state} testId="review-state" />
        </span>
        {view.review.state === "PENDING" && view.owner.id === user.id ? (
          <ActionButton
            label={t("withdraw")}
            confirm={t("withdrawConfirm")}
            run={withdrawAction.bind(null, view.id, undefined)}
          />
        ) : null}
        {view.review.state === "APPROVED" && view.owner.id === user.id ? (
          // An approved entry leaves the board with a public tombstone that shows this reason.
          <NoteForm label={t("withdrawReason")} button={t("withdrawEntry")} run={withdrawAction.bind(null, view.id)} />
        ) : null}
      </div>
      {view.review.reason ? <p className="text-sm">{t("reviewerReason", { reason: view.review.reason })}</p> : null}
      {/* Keyed by status so a retry (FAILED -> QUEUED after refresh) restarts polling. */}
      <LiveStatus key={view.status} initial={view}>
        {view.status === "FAILED" ? (
          <ActionButton
            label={t("retryStage", { stage: failedStage })}
            run={retryStageAction.bind(null, view.id, failedStage)}
          />
        ) : null}
      </LiveStatus>
      <IssueList issues={view.warnings as IssueView[]} title={t("validationWarnings")} />
      {view.scores ? (
        <Section hid="scores-h" heading={t("scores")} className="space-y-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t("scorerVersion")} <code>{view.scorerVersion ?? "–"}</code>
          </p>
          <ScoreTables rows={view.scores} demoJudge={judgeOfVersion(view.scorerVersion)?.demo} />
        </Section>
      ) : null}
      <SubmissionFacts view={view} />
      {view.owner.id === user.id ? (
        <Section hid="public-h" heading={t("reproducibility")} className="space-y-2 text-sm">
          {view.publicPredictions ? (
            <p data-testid="predictions-public">
              {t("predictionsPublic")} <code>h2hmem verify</code>.
            </p>
          ) : (
            <>
              <p>{t("makePublicText", { command: "h2hmem verify" })}</p>
              <ActionButton
                label={t("makePublic")}
                confirm={t("makePublicConfirm")}
                run={publishPredictionsAction.bind(null, view.id)}
              />
            </>
          )}
        </Section>
      ) : null}
      {predictions ? (
        <PredictionTable
          basePath={`/submissions/${view.id}`}
          filter={filter}
          hasJudge={hasJudge}
          scorerVersion={view.scorerVersion}
          {...predictions}
        />
      ) : null}
    </div>
  );
}
