import { getTranslations } from "next-intl/server";
import { setRoleAction } from "@/app/(site)/admin/actions";
import { ActionButton } from "@/components/submissions/action-button";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { listUsers } from "@/lib/server/auth/list-users";
import { HeadRow, Table, TBody, Td, Tr } from "@/components/ui/table";
import { Field } from "@/components/ui/field";
import { pageTitle, type SearchParams } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("admin.users.title");

export default async function UsersPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await adminPageGuard();
  const sp = await searchParams;
  const q = typeof sp.q === "string" ? sp.q.slice(0, 200) : "";
  const [users, t] = await Promise.all([listUsers({ q }), getTranslations("admin.users")]);
  const role = (r: string) => (t.has(`roles.${r}` as never) ? t(`roles.${r}` as never) : r.toLowerCase());
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <form method="get" className="flex items-end gap-2 text-sm">
        <Field name="q" label={t("emailContains")} variant="filter" defaultValue={q} />
        <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
          {t("search")}
        </button>
      </form>
      <Table data-testid="users-table">
        <HeadRow
          labels={[
            t("colEmail"),
            t("colRole"),
            t("colSubmissions"),
            t("colJoined"),
            <span key="a" className="sr-only">
              {t("colActions")}
            </span>,
          ]}
        />
        <TBody>
          {users.map((u) => (
            <Tr key={u.id}>
              <Td>{u.email}</Td>
              <Td>{role(u.role)}</Td>
              <Td className="tabular-nums">{u.submissions}</Td>
              <Td>{u.createdAt.slice(0, 10)}</Td>
              <Td>
                {u.role === "SUBMITTER" ? (
                  <ActionButton
                    label={t("makeAdmin")}
                    confirm={t("makeAdminConfirm", { email: u.email })}
                    run={setRoleAction.bind(null, u.id, "ADMIN", undefined)}
                  />
                ) : u.id !== me.id ? (
                  <ActionButton
                    label={t("removeAdmin")}
                    confirm={t("removeAdminConfirm", { email: u.email })}
                    run={setRoleAction.bind(null, u.id, "SUBMITTER", undefined)}
                  />
                ) : (
                  <span className="text-slate-500">{t("you")}</span>
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
