import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import type { Difficulty, Split } from "@/lib/scoring/types";
import type { QuestionDetail } from "@/lib/server/leaderboard/question-explorer";
import { StatCells, useStatLabels } from "@/app/(site)/questions/_components/question-table";
import { HeadRow, Table, TableEmpty, Td, Tr } from "@/components/ui/table";
import { Section } from "@/components/ui/section";

/** One question: where it is, its gold answer, its numbers and each approved entry's result. */
export function QuestionDetailView({ detail }: { detail: QuestionDetail }) {
  const t = useTranslations("questions");
  const tm = useTranslations("common.metrics");
  const ts = useTranslations("splits");
  const tc = useTranslations("categories");
  const td = useTranslations("difficulty");
  const f = formatter(useLocale());
  const q = detail.question;
  return (
    <>
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="question-facts">
        <dt>{t("question")}</dt>
        <dd className="font-medium">{q.text}</dd>
        <dt>{t("goldAnswer")}</dt>
        <dd data-testid="gold-answer">{q.goldAnswer}</dd>
        <dt>{t("where")}</dt>
        <dd>
          {t("whereLine", {
            split: ts(q.split as Split),
            dialogue: q.dialogue,
            session: q.session,
            position: q.position,
          })}
        </dd>
        <dt>{t("category")}</dt>
        <dd>
          {q.category}: {tc(q.category)} · {td(q.difficulty as Difficulty)}
        </dd>
      </dl>
      <Table label={t("statsLabel")} caption={t("statsLabel")} width="auto" data-testid="question-stats">
        <HeadRow labels={[t("answered"), ...useStatLabels()]} numeric />
        <tbody>
          <Tr>
            <Td align="right">{f.integer(q.answered)}</Td>
            <StatCells q={q} min={detail.minAnswered} />
          </Tr>
        </tbody>
      </Table>
      <Section hid="results-h" heading={t("results")} className="space-y-2">
        <Table label={t("results")} data-testid="question-results">
          <HeadRow labels={[t("entry"), tm("judge"), tm("f1"), t("answer")]} />
          <tbody>
            {detail.results.length === 0 ? (
              <TableEmpty colSpan={4}>{t("noResults", { min: detail.minAnswered })}</TableEmpty>
            ) : null}
            {detail.results.map((r) => (
              <Tr key={r.entryId}>
                <Td>
                  <Link href={`/entries/${r.entryId}`}>{r.methodName}</Link>
                </Td>
                <Td>{f.score(r.judge, 2)}</Td>
                <Td>{f.score(r.f1)}</Td>
                <Td>{r.answer ?? <em>{t("answerPrivate")}</em>}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </Section>
    </>
  );
}
