import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { StatusBadge } from "@/components/submissions/status-badge";
import { fmtDate } from "@/components/ui/format";
import { currentUser } from "@/lib/server/auth/session";
import { listOwnSubmissions } from "@/lib/server/submissions/submission-views";

export const metadata: Metadata = { title: "My submissions" };

export default async function MySubmissionsPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/submissions");
  const subs = await listOwnSubmissions(user.id);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">My submissions</h1>
      {subs.length === 0 ? (
        <p>
          No submissions yet. <Link href="/submit">Submit predictions</Link>.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-left dark:border-slate-700">
                <th scope="col" className="px-2 py-1">Method</th>
                <th scope="col" className="px-2 py-1">Status</th>
                <th scope="col" className="px-2 py-1">Review</th>
                <th scope="col" className="px-2 py-1">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {subs.map((s) => (
                <tr key={s.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="px-2 py-1">
                    <Link href={`/submissions/${s.id}`}>{s.methodName}</Link>
                  </td>
                  <td className="px-2 py-1"><StatusBadge value={s.status} /></td>
                  <td className="px-2 py-1"><StatusBadge value={s.reviewState} /></td>
                  <td className="px-2 py-1">{fmtDate(s.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
