import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { pendingGoldReports } from "@/lib/server/review/gold-reports";
import { getFormat } from "@/lib/i18n/server";
import { GoldReportDecision } from "@/app/(site)/admin/_components/gold-report-decision";
import { decideGoldReportAction } from "./actions";
import { pageTitle } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("admin.goldReports.title");

// Triage of gold-answer reports, oldest first; accepted ones go into the next key (`h2hmem answer-key errata export`).
export default async function GoldReportsPage() {
  await adminPageGuard();
  const [t, tr, f, reports] = await Promise.all([
    getTranslations("admin.goldReports"),
    getTranslations("questions.report"),
    getFormat(),
    pendingGoldReports(),
  ]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="max-w-3xl text-sm">{t("intro")}</p>
      {reports.length === 0 ? <p data-testid="no-pending-reports">{t("none")}</p> : null}
      <ul className="space-y-4">
        {reports.map((r) => (
          <li
            key={r.id}
            className="space-y-2 rounded border border-slate-200 p-3 dark:border-slate-800"
            data-testid="pending-report"
          >
            <p className="font-medium">
              <Link href={`/questions/${r.qid}#reports`}>{r.qid}</Link> · {tr(`kinds.${r.kind}`)} ·{" "}
              {f.dateTime(r.createdAt)} · <code>{r.id}</code>
            </p>
            <p>{t("gold", { answer: r.goldAnswer })}</p>
            <p>{tr("proposed", { answer: r.proposedAnswer })}</p>
            <p className="text-sm">{r.reason}</p>
            <GoldReportDecision
              proposed={r.proposedAnswer}
              mergeTargets={r.mergeTargets}
              run={decideGoldReportAction.bind(null, r.id)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
