import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { redirect } from "next/navigation";
import { StatusBadge } from "@/components/submissions/status-badge";
import { getFormat } from "@/lib/i18n/server";
import { currentUser } from "@/lib/server/auth/session";
import { listOwnSubmissions } from "@/lib/server/submissions/submission-views";
import { HeadRow, Table, TBody, Td, Tr } from "@/components/ui/table";
import { pageTitle } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("submissions.title");

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
        <Table>
          <HeadRow labels={[t("colMethod"), t("colStatus"), t("colReview"), t("colSubmitted")]} />
          <TBody>
            {subs.map((s) => (
              <Tr key={s.id}>
                <Td>
                  <Link href={`/submissions/${s.id}`}>{s.methodName}</Link>
                </Td>
                <Td>
                  <StatusBadge value={s.status} />
                </Td>
                <Td>
                  <StatusBadge value={s.reviewState} />
                </Td>
                <Td>{f.date(s.createdAt)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </div>
  );
}
