import { useTranslations } from "next-intl";
import type { RescorePreviewRow } from "@/lib/server/operations/rank-diff-preview";

// Rank of each approved entry under two scorer versions and how it would move (read-only).

const th = "px-2 py-1";
const cell = (c: RescorePreviewRow["from"], unranked: string) => (c ? `${c.rank}${c.tied ? "=" : ""} (${c.value.toFixed(3)})` : unranked);

export function JudgeRescoreTable({ rows }: { rows: RescorePreviewRow[] }) {
  const t = useTranslations("admin.rescoreTable");
  if (rows.length === 0) return <p className="text-sm">{t("none")}</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("regionLabel")}>
      <table className="min-w-full text-sm" data-testid="rescore-preview">
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className={th}>{t("colEntry")}</th>
            <th scope="col" className={th}>{t("colNow")}</th>
            <th scope="col" className={th}>{t("colAfter")}</th>
            <th scope="col" className={th}>{t("colMove")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className={th}><a href={`/admin/submissions/${r.id}`}>{r.methodName}</a></td>
              <td className={th}>{cell(r.from, t("unranked"))}</td>
              <td className={th}>{cell(r.to, t("unranked"))}</td>
              <td className={th}>{r.move === null ? "–" : r.move > 0 ? t("up", { n: r.move }) : r.move < 0 ? t("down", { n: -r.move }) : t("same")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
