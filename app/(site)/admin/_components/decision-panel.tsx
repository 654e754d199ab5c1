import { getTranslations } from "next-intl/server";
import {
  approveAction,
  baselineAction,
  maintainerRerunAction,
  rejectAction,
  rescoreAction,
  unpublishAction,
} from "@/app/(site)/admin/actions";
import { ActionButton } from "@/components/submissions/action-button";
import type { ReviewDetail } from "@/lib/server/review/review-detail";
import { NoteForm } from "@/components/ui/note-form";
import { RejectForm } from "./reject-form";

/** The decisions that apply to the submission's current state; each is audited server-side. */
export async function DecisionPanel({ d }: { d: ReviewDetail }) {
  const t = await getTranslations("admin.decisions");
  const final = d.status === "SCORED" || d.status === "FAILED";
  return (
    <section
      aria-label={t("label")}
      className="flex flex-wrap items-end gap-4 rounded border border-slate-200 p-3 dark:border-slate-800"
    >
      {d.reviewState === "PENDING" && d.status === "SCORED" ? (
        <ActionButton
          label={t("approve")}
          run={approveAction.bind(null, d.id)}
          className="rounded bg-green-700 px-3 py-1 text-sm text-white hover:bg-green-800 disabled:opacity-60"
        />
      ) : null}
      {d.reviewState === "PENDING" ? <RejectForm run={rejectAction.bind(null, d.id)} /> : null}
      {d.reviewState === "APPROVED" ? (
        <NoteForm label={t("publicNote")} button={t("unpublish")} run={unpublishAction.bind(null, d.id)} />
      ) : null}
      <ActionButton
        label={d.isBaseline ? t("unmarkBaseline") : t("markBaseline")}
        run={baselineAction.bind(null, d.id, !d.isBaseline, undefined)}
      />
      {d.reproduces ? (
        <ActionButton
          label={d.maintainerRerun ? t("unmarkMaintainerRerun") : t("markMaintainerRerun")}
          run={maintainerRerunAction.bind(null, d.id, !d.maintainerRerun)}
        />
      ) : null}
      {d.runOf || d.reproduces ? (
        <p className="text-sm" data-testid="review-link">
          {t.rich(d.runOf ? "runOf" : "reproduces", {
            a: (c) => <a href={`/entries/${d.runOf ?? d.reproduces}`}>{c}</a>,
          })}
        </p>
      ) : null}
      {final ? (
        <>
          <ActionButton
            label={t("rescoreBoth")}
            confirm={t("rescoreBothConfirm")}
            run={rescoreAction.bind(null, d.id, "both")}
          />
          <ActionButton
            label={t("rescoreJudge")}
            confirm={t("rescoreJudgeConfirm")}
            run={rescoreAction.bind(null, d.id, "judge")}
          />
        </>
      ) : null}
    </section>
  );
}
