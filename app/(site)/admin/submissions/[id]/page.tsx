import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuditTable } from "@/app/(site)/admin/_components/audit-table";
import { judgeAgreementAction, trackAction } from "@/app/(site)/admin/actions";
import { TrackNote } from "@/components/submissions/track-note";
import { NoteForm } from "@/components/ui/note-form";
import { TRACKS } from "@/lib/validation/tracks";
import { JudgeAgreementForm } from "@/app/(site)/admin/_components/judge-agreement-form";
import { JudgeUsage } from "@/app/(site)/admin/_components/judge-usage";
import { DecisionPanel } from "@/app/(site)/admin/_components/decision-panel";
import { MetadataForm } from "@/app/(site)/admin/_components/metadata-form";
import { ScoreComparison } from "@/app/(site)/admin/_components/score-comparison";
import { IssueList, type IssueView } from "@/components/submissions/issue-list";
import { StatusBadge } from "@/components/submissions/status-badge";
import { getJudgeUsage } from "@/lib/server/judge/judge-calls";
import { listAgreementRuns } from "@/lib/server/operations/agreement-runs";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { getReviewDetail } from "@/lib/server/review/review-detail";
import { describeFlag } from "@/lib/server/review/review-flags";
import { Section } from "@/components/ui/section";
import { orNotFound, pageTitle } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("admin.submission.title");

export default async function ReviewSubmissionPage({ params }: { params: Promise<{ id: string }> }) {
  await adminPageGuard();
  const { id } = await params;
  const d = await orNotFound(getReviewDetail(id));
  const [judgeUsage, agreementRuns, t, tt, tf] = await Promise.all([
    getJudgeUsage(d.id),
    listAgreementRuns(d.id),
    getTranslations("admin.submission"),
    getTranslations("tracks"),
    getTranslations("admin.flags"),
  ]);
  const key = d.answerKey
    ? d.answerKey.active
      ? d.answerKey.label
      : t("olderKey", { label: d.answerKey.label })
    : t("noKey");
  return (
    <div className="space-y-5">
      <header className="space-y-1">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold">
          {d.methodName} <StatusBadge value={d.status} testId="review-status" />{" "}
          <StatusBadge value={d.reviewState} testId="review-state" />
          {d.isBaseline ? <StatusBadge value="BASELINE" /> : null}
        </h1>
        <p className="text-sm">
          {t("byline", {
            submitter: d.submitter,
            at: d.createdAt.slice(0, 16).replace("T", " "),
            key,
            scorer: d.scorerVersion ?? "–",
          })}
        </p>
        {d.reviewReason ? <p className="text-sm">{t("reviewNote", { reason: d.reviewReason })}</p> : null}
        {d.failureReason ? (
          <p className="text-sm text-red-700 dark:text-red-300">{t("failure", { reason: d.failureReason })}</p>
        ) : null}
        <p className="text-sm">
          <Link href={`/submissions/${d.id}`}>{t("perQuestion")}</Link>
        </p>
      </header>
      <DecisionPanel d={d} />
      <Section hid="track-h" heading={tt("label")} className="space-y-2">
        <TrackNote card={d} />
        <div className="flex flex-wrap gap-4" data-testid="track-override">
          {TRACKS.filter((k) => k !== d.track).map((k) => (
            <NoteForm
              key={k}
              label={tt("moveNote")}
              button={tt("moveTo", { track: tt(k) })}
              run={trackAction.bind(null, d.id, k)}
            />
          ))}
        </div>
      </Section>
      <Section hid="flags-h" heading={t("flags")}>
        {d.flags.length ? (
          <ul className="list-disc pl-5 text-sm text-amber-800 dark:text-amber-300" data-testid="flags">
            {d.flags.map((f) => (
              <li key={describeFlag(f)} data-flag={f.kind}>
                {f.kind === "targeted-rerun" ? (
                  <>
                    {tf("targetedRerun", { changed: f.changed, wrongBefore: f.wrongBefore })}{" "}
                    <Link href={`/admin/submissions/${f.previous}`}>{tf("previousSubmission")}</Link>
                  </>
                ) : (
                  describeFlag(f)
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">{t("noFlags")}</p>
        )}
        <IssueList issues={d.warnings as IssueView[]} title={t("warnings")} />
      </Section>
      <Section hid="scores-h" heading={t("scores")} className="space-y-3">
        <ScoreComparison rows={d.rows} comparators={d.comparators} metric="f1" />
        {d.rows.some((r) => r.metric === "judge") ? (
          <ScoreComparison rows={d.rows} comparators={d.comparators} metric="judge" />
        ) : null}
      </Section>
      <Section hid="judge-h" heading={t("judgeUsage")} className="space-y-2">
        <JudgeUsage usage={judgeUsage} />
        {d.rows.some((r) => r.metric === "judge") ? (
          <JudgeAgreementForm runs={agreementRuns} request={judgeAgreementAction.bind(null, d.id)} />
        ) : null}
      </Section>
      <Section hid="files-h" heading={t("files")}>
        <ul className="text-sm">
          {d.files.map((f) => (
            <li key={f.split}>
              {t("file", { split: f.split, name: f.fileName, size: String(f.size) })}{" "}
              <code>{f.sha256.slice(0, 16)}…</code>
            </li>
          ))}
        </ul>
      </Section>
      <details>
        <summary className="cursor-pointer text-lg font-semibold">{t("editMetadata")}</summary>
        <MetadataForm
          id={d.id}
          initial={{
            methodName: d.methodName,
            organization: d.organization,
            description: d.description,
            paperUrl: d.paperUrl,
            codeUrl: d.codeUrl,
            backbone: d.backbone,
            memoryMethod: d.memoryMethod,
          }}
        />
      </details>
      <Section hid="trail-h" heading={t("auditTrail")}>
        <AuditTable events={d.audit} testId="entry-audit" />
      </Section>
    </div>
  );
}
