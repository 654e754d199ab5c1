import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getFormat } from "@/lib/i18n/server";
import { parseQuestionQuery, questionPage } from "@/lib/server/leaderboard/question-explorer";
import { RIGHT_AT } from "@/lib/server/leaderboard/question-stats";
import { goldReportCounts } from "@/lib/server/review/gold-reports";
import { QuestionFilters, questionsHref } from "@/app/(site)/questions/_components/question-filters";
import { CeilingTable, QuestionTable } from "@/app/(site)/questions/_components/question-table";
import { Section } from "@/components/ui/section";
import { pageTitle, type SearchParams } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("questions.title");
export const dynamic = "force-dynamic";

export default async function QuestionsPage({ searchParams }: { searchParams: SearchParams }) {
  const query = parseQuestionQuery(await searchParams);
  const [t, f, data, corrections] = await Promise.all([
    getTranslations("questions"),
    getFormat(),
    questionPage(query),
    goldReportCounts(),
  ]);
  const pages = Math.max(1, Math.ceil(data.total / data.perPage));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("heading")}</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        {t("intro", { min: data.minAnswered, right: f.score(RIGHT_AT, 2), metric: data.metric })}
      </p>
      <QuestionFilters query={query} />
      <p data-testid="question-summary">
        {t("summary", { total: data.total, entries: data.entries, version: data.scorerVersion })}
      </p>
      <QuestionTable questions={data.questions} min={data.minAnswered} corrections={corrections} />
      {pages > 1 ? (
        <nav aria-label={t("pages")} className="flex gap-4 text-sm">
          {query.page > 1 ? (
            <Link href={questionsHref({ ...query, page: query.page - 1 })}>{t("previous")}</Link>
          ) : null}
          <span>{t("pageOf", { page: query.page, pages })}</span>
          {query.page < pages ? (
            <Link href={questionsHref({ ...query, page: query.page + 1 })} rel="next">
              {t("next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
      <Section hid="ceilings-h" heading={t("ceilings")} className="space-y-2">
        <p className="text-sm">{t("ceilingsIntro")}</p>
        <CeilingTable ceilings={data.ceilings} />
      </Section>
    </div>
  );
}
