import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import type { Difficulty } from "@/lib/scoring/types";
import type { Ceiling, ExplorerQuestion } from "@/lib/server/leaderboard/question-stats";
import { HeadRow, Table, TableEmpty, Td, Tr } from "@/components/ui/table";

/** The shown numbers of a question, or why there are none yet. */
export function StatCells({ q, min }: { q: ExplorerQuestion; min: number }) {
  const t = useTranslations("questions");
  const f = formatter(useLocale());
  const s = q.stats;
  if (!s)
    return (
      <Td colSpan={5} className="text-slate-600 dark:text-slate-400" data-testid="stats-hidden">
        {t("tooFew", { n: q.answered, min })}
      </Td>
    );
  return (
    <>
      <Td align="right">{f.score(s.meanJudge, 2)}</Td>
      <Td align="right">{f.score(s.meanF1)}</Td>
      <Td align="right">{f.percent(s.shareRight)}</Td>
      <Td align="right">{f.score(s.discrimination, 2)}</Td>
      <Td align="right">{f.percent(s.evidenceFound)}</Td>
    </>
  );
}

/** The headers of StatCells' columns. */
export function useStatLabels(): string[] {
  const t = useTranslations("questions");
  return [t("meanJudge"), t("meanF1"), t("shareRight"), t("discrimination"), t("evidenceFound")];
}

type Corrections = Map<string, { pending: number; accepted: number }>;

export function QuestionTable({
  questions,
  min,
  corrections,
}: {
  questions: ExplorerQuestion[];
  min: number;
  corrections: Corrections;
}) {
  const t = useTranslations("questions");
  const tr = useTranslations("questions.report");
  const td = useTranslations("difficulty");
  const f = formatter(useLocale());
  const labels = [
    t("id"),
    t("question"),
    t("category"),
    t("goldAnswer"),
    t("answered"),
    ...useStatLabels(),
    tr("corrections"),
  ];
  return (
    <Table label={t("tableLabel")} caption={t("tableLabel")} scrollHint={t("scrollHint")} data-testid="question-table">
      <HeadRow labels={labels} />
      <tbody>
        {questions.length === 0 ? <TableEmpty colSpan={labels.length}>{t("noMatch")}</TableEmpty> : null}
        {questions.map((q) => (
          <Tr key={q.id} className="align-top" data-testid="question-row">
            <Td className="whitespace-nowrap">
              <Link href={`/questions/${q.id}`}>{q.id}</Link>
            </Td>
            <Td className="min-w-48">{q.text}</Td>
            <Td>
              {q.category} · {td(q.difficulty as Difficulty)}
            </Td>
            <Td className="min-w-32">{q.goldAnswer}</Td>
            <Td align="right">{f.integer(q.answered)}</Td>
            <StatCells q={q} min={min} />
            <Td className="whitespace-nowrap">
              {corrections.has(q.id) ? tr("correctionsCell", corrections.get(q.id)!) : null}
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Per category: the share of its shown questions at least one entry solves. */
export function CeilingTable({ ceilings }: { ceilings: Ceiling[] }) {
  const t = useTranslations("questions");
  const tc = useTranslations("categories");
  const f = formatter(useLocale());
  return (
    <Table label={t("ceilings")} caption={t("ceilings")} width="auto" data-testid="ceilings">
      <HeadRow labels={[t("category"), t("questionsCount"), t("shown"), t("solved"), t("ceiling")]} numeric />
      <tbody>
        {ceilings.map((c) => (
          <Tr key={c.category}>
            <Td>
              <abbr title={tc(c.category)}>{c.category}</abbr>
            </Td>
            <Td align="right">{f.integer(c.questions)}</Td>
            <Td align="right">{f.integer(c.shown)}</Td>
            <Td align="right">{f.integer(c.solved)}</Td>
            <Td align="right">{f.percent(c.ceiling)}</Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
