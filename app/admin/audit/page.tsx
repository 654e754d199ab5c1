import type { Metadata } from "next";
import { adminPageGuard } from "@/lib/server/queries/admin-access";
import { listAuditEvents } from "@/lib/server/queries/audit";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  await adminPageGuard();
  const events = await listAuditEvents({ take: 200 });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm" data-testid="audit-table">
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className="px-2 py-1">Time (UTC)</th>
              <th scope="col" className="px-2 py-1">Actor</th>
              <th scope="col" className="px-2 py-1">Action</th>
              <th scope="col" className="px-2 py-1">Target</th>
              <th scope="col" className="px-2 py-1">Details</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                <td className="px-2 py-1 whitespace-nowrap">{e.createdAt.replace("T", " ").slice(0, 19)}</td>
                <td className="px-2 py-1">{e.actor ?? "system"}</td>
                <td className="px-2 py-1"><code>{e.action}</code></td>
                <td className="px-2 py-1">{e.targetType} {e.targetId}</td>
                <td className="px-2 py-1"><code className="break-all">{JSON.stringify(e.details)}</code></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
