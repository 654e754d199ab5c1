import Link from "next/link";
import { useTranslations } from "next-intl";
import { approveAction, rejectAction, rescoreAction } from "@/app/(site)/admin/actions";
import { ActionButton } from "@/components/submissions/action-button";
import { StatusBadge } from "@/components/submissions/status-badge";
import { fmt } from "@/components/ui/format";
import type { AdminSubmission } from "@/lib/server/review/review-queue";
import { describeFlag } from "@/lib/server/review/review-flags";
import { RejectForm } from "./reject-form";

export function ReviewCard({ s }: { s: AdminSubmission }) {
  const t = useTranslations("admin.reviewCard");
  const tf = useTranslations("admin.flags");
  const tt = useTranslations("tracks");
  const canApprove = s.reviewState === "PENDING" && s.status === "SCORED";
  const canReject = s.reviewState === "PENDING" || s.reviewState === "APPROVED";
  const flags = [
    s.flags.answersDiffer ? t("answersDiffer", { count: String(s.flags.answersDiffer) }) : null,
    s.flags.unmatched ? t("unmatched", { count: String(s.flags.unmatched) }) : null,
    s.flags.missing ? t("missing", { count: String(s.flags.missing) }) : null,
    s.flags.warnings ? t("warnings", { count: String(s.flags.warnings) }) : null,
    ...s.reviewFlags.map((f) =>
      f.kind === "targeted-rerun"
        ? tf("targetedRerun", { changed: f.changed, wrongBefore: f.wrongBefore })
        : describeFlag(f),
    ),
    s.staleKey ? t("staleKey") : null,
  ].filter((f): f is string => Boolean(f));
  return (
    <article
      aria-labelledby={`rc-${s.id}`}
      data-testid="review-card"
      className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <header className="flex flex-wrap items-center gap-2">
        {canApprove || canReject ? (
          // Associated with the bulk form at the top of the queue through the `form` attribute.
          <input
            type="checkbox"
            name="ids"
            value={s.id}
            form="bulk-form"
            aria-label={t("select", { name: s.methodName })}
            className="h-4 w-4"
          />
        ) : null}
        <h2 id={`rc-${s.id}`} className="text-lg font-semibold">
          <Link href={`/admin/submissions/${s.id}`}>{s.methodName}</Link>
        </h2>
        <StatusBadge value={s.status} />
        <StatusBadge value={s.reviewState} />
        {s.isBaseline ? <StatusBadge value="BASELINE" /> : null}
      </header>
      <p className="text-sm">
        {t("by", { submitter: s.submitter })}
        {s.organization ? ` · ${s.organization}` : ""} · {t("at", { at: s.createdAt.slice(0, 16).replace("T", " ") })}
        {s.modality ? ` · ${s.modality}` : ""}
        {s.backbone ? ` · ${s.backbone}` : ""}
        {s.memoryMethod ? ` · ${s.memoryMethod}` : ""}
        {s.track !== "memory" || s.trackReason ? ` · ${tt("label")}: ${tt(s.track)}` : ""}
      </p>
      {s.description ? <p className="text-sm whitespace-pre-wrap">{s.description}</p> : null}
      <p className="text-sm">
        {t("overall")} <strong className="tabular-nums">{fmt(s.headline.f1)}</strong> ·{" "}
        {s.headline.judgeLabel === "judge" ? t("judge") : t("judgeDemo")}{" "}
        <strong className="tabular-nums">{fmt(s.headline.judge)}</strong>
      </p>
      {flags.length > 0 ? (
        <ul
          className="list-disc pl-5 text-sm text-amber-800 dark:text-amber-300"
          aria-label={t("flagsLabel")}
          data-testid="flags"
        >
          {flags.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("noFlags")}</p>
      )}
      {s.reviewReason ? <p className="text-sm">{t("reason", { reason: s.reviewReason })}</p> : null}
      <div className="flex flex-wrap items-end gap-4">
        {canApprove ? (
          <ActionButton
            label={t("approve")}
            run={approveAction.bind(null, s.id)}
            className="rounded bg-green-700 px-3 py-1 text-sm text-white hover:bg-green-800 disabled:opacity-60"
          />
        ) : null}
        {canReject ? <RejectForm run={rejectAction.bind(null, s.id)} /> : null}
        {s.status === "SCORED" || s.status === "FAILED" ? (
          <ActionButton
            label={t("rescore")}
            confirm={t("rescoreConfirm")}
            run={rescoreAction.bind(null, s.id, "both")}
          />
        ) : null}
        <Link href={`/admin/submissions/${s.id}`} className="text-sm">
          {t("details")}
        </Link>
      </div>
    </article>
  );
}
