import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES, type MainType } from "@/lib/scoring/types";
import { isLowN, METRIC_ORDER, SPLIT_ORDER } from "./format";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";

// Rendered on the server: nothing in it changes after load, so it ships no JavaScript (issue 46;
// as a client component it brought the translation library to the entry page for a static table).

/** One aggregate's score in a split and scope. */
export type ScoreTableRow = {
  split: string;
  scope: string;
  metric: string;
  value: number;
  ciLow: number | null;
  ciHigh: number | null;
  n: number;
};

type Scope = { scope: string; label: string; title: string; level: 0 | 1 | 2 };

export function ScoreTablesView({
  rows,
  aggregate,
  lowNMin,
  demoJudge = false,
}: {
  rows: ScoreTableRow[];
  aggregate: "micro" | "macro";
  lowNMin: number;
  demoJudge?: boolean;
}) {
  const t = useTranslations("common");
  const tm = useTranslations("mainTypes");
  const tc = useTranslations("categories");
  const ts = useTranslations("splits");
  const f = formatter(useLocale());
  const scopes: Scope[] = [
    { scope: "ALL", label: t("scoreTable.allQuestions"), title: t("scoreTable.allQuestions"), level: 0 },
  ];
  for (const mt of MAIN_TYPES) {
    scopes.push({ scope: mt, label: tm(mt), title: tm(mt), level: 1 });
    for (const c of CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === (mt as MainType)))
      scopes.push({ scope: c, label: c, title: tc(c), level: 2 });
  }
  const splits = SPLIT_ORDER.filter((s) => rows.some((r) => r.split === s));
  const metrics = METRIC_ORDER.filter((m) => rows.some((r) => r.metric === m));
  const get = (split: string, scope: string, metric: string) =>
    rows.find((r) => r.split === split && r.scope === scope && r.metric === metric);
  if (splits.length === 0) return <p>{t("scoreTable.noScores")}</p>;
  return (
    <div className="space-y-6">
      {splits.map((split) => (
        <Table
          key={split}
          label={t("scoreTable.caption", { split: ts(split), aggregate })}
          scrollHint={t("scrollHint")}
          className="border-collapse text-sm"
          data-testid={`scores-${split}`}
          caption={t("scoreTable.caption", { split: ts(split), aggregate })}
          captionClassName="mb-1 text-left font-semibold"
        >
          <THead>
            <Tr kind="head">
              <Th className="text-left">{t("scoreTable.scope")}</Th>
              {metrics.map((m) => (
                <Th key={m} className="text-right">
                  {m === "judge" && demoJudge
                    ? t("demoJudgeMetric", { metric: t("metrics.judge") })
                    : t(`metrics.${m}`)}
                </Th>
              ))}
              <Th className="text-right">{t("scoreTable.n")}</Th>
            </Tr>
          </THead>
          <TBody>
            {scopes.map(({ scope, label, title, level }) => {
              const any = metrics.map((m) => get(split, scope, m)).find(Boolean);
              if (!any) return null;
              return (
                <Tr key={scope} className={level === 0 ? "font-semibold" : undefined}>
                  <Th
                    scope="row"
                    className={`text-left font-normal ${level === 1 ? "font-medium" : ""} ${level === 2 ? "pl-6" : ""}`}
                  >
                    {level === 2 ? <abbr title={title}>{label}</abbr> : label}
                    {level === 2 ? (
                      <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{title}</span>
                    ) : null}
                  </Th>
                  {metrics.map((m) => {
                    const c = get(split, scope, m);
                    return (
                      <Td key={m} className="text-right tabular-nums">
                        {f.score(c?.value)}
                        {c?.ciLow !== undefined && c?.ciLow !== null ? (
                          <span className="block text-xs text-slate-500 dark:text-slate-400">
                            {f.ci(c.ciLow, c.ciHigh)}
                          </span>
                        ) : null}
                      </Td>
                    );
                  })}
                  {isLowN(any.n, lowNMin) ? (
                    <Td
                      className="low-n text-right tabular-nums"
                      data-low-n=""
                      title={t("scoreTable.lowNTitle", { min: lowNMin })}
                    >
                      {f.integer(any.n)}
                      <span className="low-n-mark">{t("scoreTable.lowN")}</span>
                    </Td>
                  ) : (
                    <Td className="text-right tabular-nums">{f.integer(any.n)}</Td>
                  )}
                </Tr>
              );
            })}
          </TBody>
        </Table>
      ))}
    </div>
  );
}
