import { getTranslations } from "next-intl/server";
import type { AuditRow } from "@/lib/server/audit";
import { HeadRow, Table, TBody, Td, Tr } from "@/components/ui/table";

export async function AuditTable({ events, testId = "audit-table" }: { events: AuditRow[]; testId?: string }) {
  const t = await getTranslations("admin.audit");
  if (events.length === 0) return <p className="text-sm">{t("noEvents")}</p>;
  return (
    <Table label={t("eventsLabel")} data-testid={testId}>
      <HeadRow labels={[t("colTime"), t("colActor"), t("colAction"), t("colTarget"), t("colDetails")]} />
      <TBody>
        {events.map((e) => (
          <Tr key={e.id} className="align-top">
            <Td className="whitespace-nowrap">{e.createdAt.replace("T", " ").slice(0, 19)}</Td>
            <Td>{e.actor ?? t("system")}</Td>
            <Td>
              <code>{e.action}</code>
            </Td>
            <Td>
              {e.targetType === "Submission" ? (
                <a href={`/admin/submissions/${e.targetId}`}>
                  {e.targetType} {e.targetId}
                </a>
              ) : (
                `${e.targetType} ${e.targetId}`
              )}
            </Td>
            <Td>
              <code className="break-all">{JSON.stringify(e.details)}</code>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
