import type { Metadata } from "next";
import { setRoleAction } from "@/app/admin/actions";
import { AdminNav } from "@/app/admin/_components/admin-nav";
import { ActionButton } from "@/components/submissions/action-button";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { listUsers } from "@/lib/server/auth/list-users";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await adminPageGuard();
  const sp = await searchParams;
  const q = typeof sp.q === "string" ? sp.q.slice(0, 200) : "";
  const users = await listUsers({ q });
  return (
    <div className="space-y-4">
      <AdminNav current="/admin/users" />
      <h1 className="text-2xl font-semibold">Users</h1>
      <form method="get" className="flex items-end gap-2 text-sm">
        <label className="flex flex-col">Email contains<input name="q" defaultValue={q} className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900" /></label>
        <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">Search</button>
      </form>
      <table className="min-w-full text-sm" data-testid="users-table">
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className="px-2 py-1">Email</th>
            <th scope="col" className="px-2 py-1">Role</th>
            <th scope="col" className="px-2 py-1">Submissions</th>
            <th scope="col" className="px-2 py-1">Joined</th>
            <th scope="col" className="px-2 py-1"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className="px-2 py-1">{u.email}</td>
              <td className="px-2 py-1">{u.role.toLowerCase()}</td>
              <td className="px-2 py-1 tabular-nums">{u.submissions}</td>
              <td className="px-2 py-1">{u.createdAt.slice(0, 10)}</td>
              <td className="px-2 py-1">
                {u.role === "SUBMITTER" ? (
                  <ActionButton label="Make admin" confirm={`Give ${u.email} admin rights?`} run={setRoleAction.bind(null, u.id, "ADMIN", undefined)} />
                ) : u.id !== me.id ? (
                  <ActionButton label="Remove admin" confirm={`Remove admin rights from ${u.email}?`} run={setRoleAction.bind(null, u.id, "SUBMITTER", undefined)} />
                ) : <span className="text-slate-500">you</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
