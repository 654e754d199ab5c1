import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import type { PublicGoldReport } from "@/lib/server/review/gold-reports";

/** A question's reports with their state, accepted and pending first (who reported is never shown). */
export function GoldReportList({ reports }: { reports: PublicGoldReport[] }) {
  const t = useTranslations("questions.report");
  const f = formatter(useLocale());
  if (reports.length === 0) return <p data-testid="no-reports">{t("none")}</p>;
  const order = { accepted: 0, pending: 1, rejected: 2, duplicate: 3 };
  return (
    <ul className="space-y-2" data-testid="report-list">
      {reports
        .toSorted((a, b) => order[a.state] - order[b.state])
        .map((r) => (
          <li
            key={r.id}
            id={`report-${r.id}`}
            className="rounded border border-slate-200 p-3 text-sm dark:border-slate-800"
            data-testid={`report-${r.state}`}
          >
            <p className="font-medium">
              {t(`state.${r.state}`)} · {t(`kinds.${r.kind}`)} · {f.date(r.createdAt)}
            </p>
            <p>{t("proposed", { answer: r.proposedAnswer })}</p>
            <p className="text-slate-700 dark:text-slate-300">{r.reason}</p>
            {r.correctedAnswer ? (
              <p data-testid="corrected-answer">{t("corrected", { answer: r.correctedAnswer })}</p>
            ) : null}
            {r.decisionReason ? <p>{t("decisionReason", { reason: r.decisionReason })}</p> : null}
            {r.duplicateOf ? (
              <p>
                <a href={`#report-${r.duplicateOf}`}>{t("duplicateOf")}</a>
              </p>
            ) : null}
          </li>
        ))}
    </ul>
  );
}
