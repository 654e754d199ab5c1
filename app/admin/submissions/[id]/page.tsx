import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminNav } from "@/app/admin/_components/admin-nav";
import { AuditTable } from "@/app/admin/_components/audit-table";
import { judgeAgreementAction } from "@/app/admin/actions";
import { JudgeAgreementForm } from "@/app/admin/_components/judge-agreement-form";
import { JudgeUsage } from "@/app/admin/_components/judge-usage";
import { DecisionPanel } from "@/app/admin/_components/decision-panel";
import { MetadataForm } from "@/app/admin/_components/metadata-form";
import { ScoreComparison } from "@/app/admin/_components/score-comparison";
import { IssueList, type IssueView } from "@/components/submissions/issue-list";
import { StatusBadge } from "@/components/submissions/status-badge";
import { isAppError } from "@/lib/server/errors";
import { getJudgeUsage } from "@/lib/server/judge/judge-calls";
import { listAgreementRuns } from "@/lib/server/judge/agreement-runs";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { getReviewDetail, type ReviewDetail } from "@/lib/server/review/review-detail";
import { describeFlag } from "@/lib/server/review/review-flags";

export const metadata: Metadata = { title: "Review submission" };

export default async function ReviewSubmissionPage({ params }: { params: Promise<{ id: string }> }) {
  await adminPageGuard();
  const { id } = await params;
  let d: ReviewDetail;
  try {
    d = await getReviewDetail(id);
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  }
  const [judgeUsage, agreementRuns] = await Promise.all([getJudgeUsage(d.id), listAgreementRuns(d.id)]);
  return (
    <div className="space-y-5">
      <AdminNav current="/admin" />
      <header className="space-y-1">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold">
          {d.methodName} <StatusBadge value={d.status} testId="review-status" /> <StatusBadge value={d.reviewState} testId="review-state" />
          {d.isBaseline ? <StatusBadge value="BASELINE" /> : null}
        </h1>
        <p className="text-sm">
          by {d.submitter} · submitted {d.createdAt.slice(0, 16).replace("T", " ")} UTC · answer key {d.answerKey ? `${d.answerKey.label}${d.answerKey.active ? "" : " (older key)"}` : "none"} · scorer {d.scorerVersion ?? "–"}
        </p>
        {d.reviewReason ? <p className="text-sm">Review note: {d.reviewReason}</p> : null}
        {d.failureReason ? <p className="text-sm text-red-700 dark:text-red-300">Failure: {d.failureReason}</p> : null}
        <p className="text-sm"><Link href={`/submissions/${d.id}`}>Per-question view</Link></p>
      </header>
      <DecisionPanel d={d} />
      <section aria-labelledby="flags-h">
        <h2 id="flags-h" className="text-lg font-semibold">Flags</h2>
        {d.flags.length ? (
          <ul className="list-disc pl-5 text-sm text-amber-800 dark:text-amber-300" data-testid="flags">
            {d.flags.map((f) => <li key={describeFlag(f)} data-flag={f.kind}>{describeFlag(f)}</li>)}
          </ul>
        ) : <p className="text-sm">No flags.</p>}
        <IssueList issues={d.warnings as IssueView[]} title="Warnings from validation" />
      </section>
      <section aria-labelledby="scores-h" className="space-y-3">
        <h2 id="scores-h" className="text-lg font-semibold">Scores next to the top entries and baselines</h2>
        <ScoreComparison rows={d.rows} comparators={d.comparators} metric="f1" />
        {d.rows.some((r) => r.metric === "judge") ? <ScoreComparison rows={d.rows} comparators={d.comparators} metric="judge" /> : null}
      </section>
      <section aria-labelledby="judge-h" className="space-y-2">
        <h2 id="judge-h" className="text-lg font-semibold">Judge usage</h2>
        <JudgeUsage usage={judgeUsage} />
        {d.rows.some((r) => r.metric === "judge") ? <JudgeAgreementForm runs={agreementRuns} request={judgeAgreementAction.bind(null, d.id)} /> : null}
      </section>
      <section aria-labelledby="files-h">
        <h2 id="files-h" className="text-lg font-semibold">Files</h2>
        <ul className="text-sm">{d.files.map((f) => <li key={f.split}>{f.split}: {f.fileName} · {f.size} bytes · <code>{f.sha256.slice(0, 16)}…</code></li>)}</ul>
      </section>
      <details>
        <summary className="cursor-pointer text-lg font-semibold">Edit display metadata</summary>
        <MetadataForm id={d.id} initial={{ methodName: d.methodName, organization: d.organization, description: d.description, paperUrl: d.paperUrl, codeUrl: d.codeUrl, backbone: d.backbone, memoryMethod: d.memoryMethod }} />
      </details>
      <section aria-labelledby="trail-h">
        <h2 id="trail-h" className="text-lg font-semibold">Audit trail</h2>
        <AuditTable events={d.audit} testId="entry-audit" />
      </section>
    </div>
  );
}
