import { getTranslations } from "next-intl/server";
import { AuditTable } from "@/app/(site)/admin/_components/audit-table";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { AUDIT_ACTIONS, auditFilterSchema, listAuditEvents } from "@/lib/server/audit";
import { SelectField } from "@/components/ui/select-field";
import { Field } from "@/components/ui/field";
import { pageTitle, type SearchParams } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("admin.audit.title");

// "any", each family ("submission.": the filter matches by prefix), then every action: one list, AUDIT_ACTIONS.
const ACTION_NAMES = Object.keys(AUDIT_ACTIONS);
const ACTIONS = ["", ...new Set(ACTION_NAMES.map((a) => `${a.split(".")[0]}.`)), ...ACTION_NAMES];

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  await adminPageGuard();
  const sp = Object.fromEntries(Object.entries(await searchParams).filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  const filter = auditFilterSchema.parse(sp);
  const [events, t] = await Promise.all([
    listAuditEvents({ ...filter, take: filter.take ?? 200 }),
    getTranslations("admin.audit"),
  ]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <form method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label={t("filterLabel")}>
        <SelectField
          id="audit-action"
          name="action"
          label={t("action")}
          className="flex flex-col"
          defaultValue={filter.action ?? ""}
          options={ACTIONS.map((a) => [a, a || t("any")])}
        />
        <Field name="actor" label={t("actorEmail")} variant="filter" defaultValue={filter.actor ?? ""} />
        <Field name="targetId" label={t("targetId")} variant="filter" defaultValue={filter.targetId ?? ""} />
        <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
          {t("filter")}
        </button>
      </form>
      <AuditTable events={events} />
    </div>
  );
}
