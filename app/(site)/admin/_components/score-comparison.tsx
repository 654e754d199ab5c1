import { useTranslations } from "next-intl";
import { fmt, SPLIT_ORDER } from "@/components/ui/format";
import { CATEGORY_CODES, MAIN_TYPES, type CategoryCode, type MainType } from "@/lib/scoring/types";
import type { Comparator } from "@/lib/server/review/review-detail";
import type { ScoreRowView } from "@/lib/server/scores/score-rows";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";

const SCOPES = ["ALL", ...MAIN_TYPES, ...CATEGORY_CODES] as const;

const cell = (rows: ScoreRowView[], split: string, scope: string, metric: string) =>
  rows.find((r) => r.split === split && r.scope === scope && r.metric === metric && r.aggregate === "micro")?.value;

/** A scope x split matrix (rows named as on the board), each split with this submission beside its comparators. */
export function ScoreComparison({
  rows,
  comparators,
  metric,
}: {
  rows: ScoreRowView[];
  comparators: Comparator[];
  metric: "f1" | "judge";
}) {
  const t = useTranslations("admin.comparison");
  const m = useTranslations("common.metrics");
  const ts = useTranslations("splits");
  const tc = useTranslations("categories");
  const tm = useTranslations("mainTypes");
  if (rows.length === 0) return <p className="text-sm">{t("none", { metric: m(metric) })}</p>;
  const splits = SPLIT_ORDER.filter((s) => SCOPES.some((scope) => cell(rows, s, scope, metric) !== undefined));
  const scopes = SCOPES.filter((scope) => splits.some((s) => cell(rows, s, scope, metric) !== undefined));
  const name = (scope: (typeof SCOPES)[number]) =>
    scope === "ALL"
      ? t("allQuestions")
      : (MAIN_TYPES as readonly string[]).includes(scope)
        ? tm(scope as MainType)
        : `${tc(scope as CategoryCode)} (${scope})`;
  const columns = [
    { id: "this", label: t("colThis"), rows },
    ...comparators.map((c) => ({
      id: c.id,
      label: `${c.methodName}${c.isBaseline ? t("baseline") : ""}`,
      rows: c.rows,
    })),
  ];
  return (
    <Table
      label={t("regionLabel", { metric: m(metric) })}
      className="text-sm tabular-nums"
      data-testid={`compare-${metric}`}
      caption={t("caption", { metric: m(metric) })}
      captionClassName="text-left font-medium"
    >
      <THead>
        <Tr kind="head" className="text-left">
          <Th rowSpan={2}>{t("colScope")}</Th>
          {splits.map((s) => (
            <Th
              key={s}
              scope="colgroup"
              colSpan={columns.length}
              className="border-l border-slate-200 dark:border-slate-800"
            >
              {ts(s)}
            </Th>
          ))}
        </Tr>
        <Tr kind="head" className="text-left">
          {splits.flatMap((s) =>
            columns.map((c, i) => (
              <Th key={`${s}-${c.id}`} className={i === 0 ? "border-l border-slate-200 dark:border-slate-800" : ""}>
                {c.label}
              </Th>
            )),
          )}
        </Tr>
      </THead>
      <TBody>
        {scopes.map((scope) => (
          <Tr key={scope}>
            <Th scope="row" className="text-left font-normal">
              {name(scope)}
            </Th>
            {splits.flatMap((s) =>
              columns.map((c, i) => (
                <Td
                  key={`${s}-${c.id}`}
                  className={i === 0 ? "border-l border-slate-200 font-semibold dark:border-slate-800" : ""}
                >
                  {fmt(cell(c.rows, s, scope, metric))}
                </Td>
              )),
            )}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
