import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { setRoleAction } from "@/app/(site)/admin/actions";
import { AdminNav } from "@/app/(site)/admin/_components/admin-nav";
import { ActionButton } from "@/components/submissions/action-button";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { listUsers } from "@/lib/server/auth/list-users";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.users");
  return { title: t("title") };
}

export default async function UsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await adminPageGuard();
  const sp = await searchParams;
  const q = typeof sp.q === "string" ? sp.q.slice(0, 200) : "";
  const [users, t] = await Promise.all([listUsers({ q }), getTranslations("admin.users")]);
  const role = (r: string) => (t.has(`roles.${r}` as never) ? t(`roles.${r}` as never) : r.toLowerCase());
  return (
    <div className="space-y-4">
      <AdminNav current="/admin/users" />
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <form method="get" className="flex items-end gap-2 text-sm">
        <label className="flex flex-col">{t("emailContains")}<input name="q" defaultValue={q} className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900" /></label>
        <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">{t("search")}</button>
      </form>
      <table className="min-w-full text-sm" data-testid="users-table">
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className="px-2 py-1">{t("colEmail")}</th>
            <th scope="col" className="px-2 py-1">{t("colRole")}</th>
            <th scope="col" className="px-2 py-1">{t("colSubmissions")}</th>
            <th scope="col" className="px-2 py-1">{t("colJoined")}</th>
            <th scope="col" className="px-2 py-1"><span className="sr-only">{t("colActions")}</span></th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className="px-2 py-1">{u.email}</td>
              <td className="px-2 py-1">{role(u.role)}</td>
              <td className="px-2 py-1 tabular-nums">{u.submissions}</td>
              <td className="px-2 py-1">{u.createdAt.slice(0, 10)}</td>
              <td className="px-2 py-1">
                {u.role === "SUBMITTER" ? (
                  <ActionButton label={t("makeAdmin")} confirm={t("makeAdminConfirm", { email: u.email })} run={setRoleAction.bind(null, u.id, "ADMIN", undefined)} />
                ) : u.id !== me.id ? (
                  <ActionButton label={t("removeAdmin")} confirm={t("removeAdminConfirm", { email: u.email })} run={setRoleAction.bind(null, u.id, "SUBMITTER", undefined)} />
                ) : <span className="text-slate-500">{t("you")}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
