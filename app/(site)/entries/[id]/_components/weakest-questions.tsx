import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import { CATEGORY_CODES, DIFFICULTIES, SPLITS } from "@/lib/scoring/types";
import type { WeakestFilter, WeakQuestion } from "@/lib/server/leaderboard/weakest-questions";
import { SelectField } from "@/components/ui/select-field";
import { Section } from "@/components/ui/section";

type Props = {
  entryId: string;
  filter: WeakestFilter;
  metric: "judge" | "f1";
  rows: WeakQuestion[];
  keep: Record<string, string>;
};

/** A filter whose first choice ("any") clears it. */
function Choice({
  id,
  name,
  label,
  value,
  any,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  any: string;
  options: Array<[string, string]>;
}) {
  return <SelectField id={id} name={name} label={label} defaultValue={value ?? ""} options={[["", any], ...options]} />;
}

/** Lowest-scoring questions with reference, answer, lexical scores and the judge's reasoning (a GET form: works without JS). */
export function WeakestQuestions({ entryId, filter, metric, rows, keep }: Props) {
  const t = useTranslations("entry.weakest");
  const tc = useTranslations("categories");
  const td = useTranslations("difficulty");
  const ts = useTranslations("splits");
  const f = formatter(useLocale());
  const difficulty = (d: string) =>
    (DIFFICULTIES as readonly string[]).includes(d) ? td(d as (typeof DIFFICULTIES)[number]) : d;
  return (
    <Section hid="weakest-h" heading={t("heading")} id="weakest" className="space-y-3" data-testid="weakest-questions">
      <p className="text-sm">{t("intro", { metric })}</p>
      <form method="get" action={`/entries/${entryId}#weakest`} className="flex flex-wrap items-end gap-3">
        {Object.entries(keep).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <Choice
          id="w-cat"
          name="wcat"
          label={t("category")}
          value={filter.category}
          any={t("allCategories")}
          options={CATEGORY_CODES.map((c) => [c, `${c}: ${tc(c)}`])}
        />
        <Choice
          id="w-diff"
          name="wdiff"
          label={t("difficulty")}
          value={filter.difficulty}
          any={t("any")}
          options={DIFFICULTIES.map((d) => [d, td(d)])}
        />
        <Choice
          id="w-split"
          name="wsplit"
          label={t("split")}
          value={filter.split}
          any={t("both")}
          options={SPLITS.map((x) => [x, ts(x)])}
        />
        <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
          {t("show")}
        </button>
      </form>
      {rows.length === 0 ? (
        <p data-testid="weakest-none">{t("none")}</p>
      ) : (
        <ol className="space-y-3">
          {rows.map((q) => (
            <li
              key={`${q.split}/${q.index}`}
              className="rounded border border-slate-200 p-3 text-sm dark:border-slate-800"
              data-testid="weak-question"
            >
              <p className="font-medium">{q.questionText}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {(SPLITS as readonly string[]).includes(q.split) ? ts(q.split as (typeof SPLITS)[number]) : q.split} #
                {q.index} ·{" "}
                <abbr
                  title={
                    (CATEGORY_CODES as readonly string[]).includes(q.category)
                      ? tc(q.category as (typeof CATEGORY_CODES)[number])
                      : q.category
                  }
                >
                  {q.category}
                </abbr>
                {q.difficulty ? ` · ${difficulty(q.difficulty)}` : ""}
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt>{t("reference")}</dt>
                <dd>{q.referenceAnswer}</dd>
                <dt>{t("answer")}</dt>
                <dd>{q.systemAnswer || <em>{t("empty")}</em>}</dd>
                <dt>{t("scores")}</dt>
                <dd className="tabular-nums">
                  {t("scoresLine", {
                    judge: f.score(q.judgeScore, 2),
                    f1: f.score(q.f1),
                    bleu1: f.score(q.bleu1),
                    precision: f.score(q.precision),
                    recall: f.score(q.recall),
                  })}
                </dd>
                {q.judgeReasoning ? (
                  <>
                    <dt>{t("judge")}</dt>
                    <dd>{q.judgeReasoning}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
