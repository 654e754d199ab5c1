import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { redirect } from "next/navigation";
import { StatusBadge } from "@/components/submissions/status-badge";
import { getFormat } from "@/lib/i18n/server";
import { currentUser } from "@/lib/server/auth/session";
import { listOwnSubmissions } from "@/lib/server/submissions/submission-views";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("submissions"))("title") };
}

export default async function MySubmissionsPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/submissions");
  const subs = await listOwnSubmissions(user.id);
  const t = await getTranslations("submissions");
  const f = await getFormat();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      {subs.length === 0 ? (
        <p>
          {t("empty")} <Link href="/submit">{t("submitLink")}</Link>
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-left dark:border-slate-700">
                <th scope="col" className="px-2 py-1">{t("colMethod")}</th>
                <th scope="col" className="px-2 py-1">{t("colStatus")}</th>
                <th scope="col" className="px-2 py-1">{t("colReview")}</th>
                <th scope="col" className="px-2 py-1">{t("colSubmitted")}</th>
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
                  <td className="px-2 py-1">{f.date(s.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
