import Link from "next/link";
import { approveAction, rejectAction, rescoreAction } from "@/app/admin/actions";
import { ActionButton } from "@/components/submissions/action-button";
import { StatusBadge } from "@/components/submissions/status-badge";
import { fmt } from "@/components/ui/format";
import type { AdminSubmission } from "@/lib/server/queries/admin";
import { RejectForm } from "./reject-form";

export function ReviewCard({ s }: { s: AdminSubmission }) {
  const canApprove = s.reviewState === "PENDING" && s.status === "SCORED";
  const canReject = s.reviewState === "PENDING" || s.reviewState === "APPROVED";
  const flags = [
    s.flags.answersDiffer ? `${s.flags.answersDiffer} submitted original_answer value(s) differ from the answer key` : null,
    s.flags.unmatched ? `${s.flags.unmatched} prediction(s) match no key question` : null,
    s.flags.missing ? `${s.flags.missing} key question(s) unanswered (scored 0)` : null,
    s.flags.warnings ? `${s.flags.warnings} validation warning(s)` : null,
  ].filter(Boolean);
  return (
    <article aria-labelledby={`rc-${s.id}`} data-testid="review-card" className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={`rc-${s.id}`} className="text-lg font-semibold">
          <Link href={`/submissions/${s.id}`}>{s.methodName}</Link>
        </h2>
        <StatusBadge value={s.status} />
        <StatusBadge value={s.reviewState} />
      </header>
      <p className="text-sm">
        by {s.submitter}
        {s.organization ? ` · ${s.organization}` : ""} · {s.createdAt.slice(0, 16).replace("T", " ")} UTC
        {s.modality ? ` · ${s.modality}` : ""}
        {s.backbone ? ` · ${s.backbone}` : ""}
        {s.memoryMethod ? ` · ${s.memoryMethod}` : ""}
      </p>
      {s.description ? <p className="text-sm whitespace-pre-wrap">{s.description}</p> : null}
      <p className="text-sm">
        Overall micro F1 <strong className="tabular-nums">{fmt(s.headline.f1)}</strong> · judge <strong className="tabular-nums">{fmt(s.headline.judge)}</strong>
      </p>
      {flags.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-amber-800 dark:text-amber-300" aria-label="Flags">
          {flags.map((f) => <li key={f}>{f}</li>)}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">No flags.</p>
      )}
      {s.reviewReason ? <p className="text-sm">Reason: {s.reviewReason}</p> : null}
      <div className="flex flex-wrap items-end gap-4">
        {canApprove ? (
          <ActionButton label="Approve" run={approveAction.bind(null, s.id)} className="rounded bg-green-700 px-3 py-1 text-sm text-white hover:bg-green-800 disabled:opacity-60" />
        ) : null}
        {canReject ? <RejectForm run={rejectAction.bind(null, s.id)} /> : null}
        {s.status === "SCORED" || s.status === "FAILED" ? (
          <ActionButton label="Rescore" confirm="Re-run every scoring stage for this submission?" run={rescoreAction.bind(null, s.id)} />
        ) : null}
      </div>
    </article>
  );
}
