import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { currentUser } from "@/lib/server/auth/session";
import { questionDetail, questionIdOf } from "@/lib/server/leaderboard/question-explorer";
import { goldReportsOf } from "@/lib/server/review/gold-reports";
import { QuestionDetailView } from "@/app/(site)/questions/_components/question-detail";
import { GoldReportList } from "@/app/(site)/questions/_components/gold-report-list";
import { ReportForm } from "@/app/(site)/questions/_components/report-form";
import { Section } from "@/components/ui/section";
import { orNotFound } from "@/app/(site)/page-helpers";

type Params = Promise<{ id: string[] }>;

export async function generateMetadata({ params }: { params: Params }) {
  return { title: (await getTranslations("questions"))("questionTitle", { id: (await params).id.join("/") }) };
}
export const dynamic = "force-dynamic";

export default async function QuestionPage({ params }: { params: Params }) {
  const parts = (await params).id;
  const [t, tr, detail, user] = await Promise.all([
    getTranslations("questions"),
    getTranslations("questions.report"),
    orNotFound(Promise.resolve().then(() => questionDetail(questionIdOf(parts)))),
    currentUser().catch(() => null),
  ]);
  const id = detail.question.id;
  const reports = await goldReportsOf(id);
  return (
    <article className="space-y-6">
      <p className="text-sm">
        <Link href="/questions">{t("back")}</Link>
      </p>
      <h1 className="text-2xl font-semibold break-words">{t("questionTitle", { id })}</h1>
      <QuestionDetailView detail={detail} />
      <Section hid="reports-h" heading={tr("heading")} id="reports" className="space-y-3">
        <p className="max-w-3xl text-sm">{tr("intro")}</p>
        <GoldReportList reports={reports} />
        {user ? (
          <ReportForm
            qid={id}
            labels={{
              heading: tr("formHeading"),
              kind: tr("kind"),
              wrong: tr("kinds.wrong"),
              ambiguous: tr("kinds.ambiguous"),
              proposedAnswer: tr("proposedAnswer"),
              reason: tr("reason"),
              send: tr("send"),
              sending: tr("sending"),
              sent: tr("sent"),
            }}
          />
        ) : (
          <p>
            <Link
              href={`/signin?callbackUrl=${encodeURIComponent(`/questions/${id}#reports`)}`}
              data-testid="report-signin"
            >
              {tr("signInToReport")}
            </Link>
          </p>
        )}
      </Section>
    </article>
  );
}
