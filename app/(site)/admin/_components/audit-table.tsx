import { getTranslations } from "next-intl/server";
import type { AuditRow } from "@/lib/server/audit";

export async function AuditTable({ events, testId = "audit-table" }: { events: AuditRow[]; testId?: string }) {
  const t = await getTranslations("admin.audit");
  if (events.length === 0) return <p className="text-sm">{t("noEvents")}</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("eventsLabel")}>
      <table className="min-w-full text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className="px-2 py-1">{t("colTime")}</th>
            <th scope="col" className="px-2 py-1">{t("colActor")}</th>
            <th scope="col" className="px-2 py-1">{t("colAction")}</th>
            <th scope="col" className="px-2 py-1">{t("colTarget")}</th>
            <th scope="col" className="px-2 py-1">{t("colDetails")}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id} className="border-b border-slate-100 align-top dark:border-slate-800">
              <td className="px-2 py-1 whitespace-nowrap">{e.createdAt.replace("T", " ").slice(0, 19)}</td>
              <td className="px-2 py-1">{e.actor ?? t("system")}</td>
              <td className="px-2 py-1"><code>{e.action}</code></td>
              <td className="px-2 py-1">
                {e.targetType === "Submission" ? <a href={`/admin/submissions/${e.targetId}`}>{e.targetType} {e.targetId}</a> : `${e.targetType} ${e.targetId}`}
              </td>
              <td className="px-2 py-1"><code className="break-all">{JSON.stringify(e.details)}</code></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
