import { useTranslations } from "next-intl";
import { fmt, SPLIT_ORDER } from "@/components/ui/format";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import type { Comparator } from "@/lib/server/review/review-detail";
import type { ScoreRowView } from "@/lib/server/scores/score-rows";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";

const SCOPES = ["ALL", ...MAIN_TYPES, ...CATEGORY_CODES] as const;

const cell = (rows: ScoreRowView[], split: string, scope: string, metric: string) =>
  rows.find((r) => r.split === split && r.scope === scope && r.metric === metric && r.aggregate === "micro")?.value;

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
  if (rows.length === 0) return <p className="text-sm">{t("none", { metric: m(metric) })}</p>;
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
          <Th>{t("colScope")}</Th>
          <Th>{t("colThis")}</Th>
          {comparators.map((c) => (
            <Th key={c.id}>
              {c.methodName}
              {c.isBaseline ? t("baseline") : ""}
            </Th>
          ))}
        </Tr>
      </THead>
      <TBody>
        {SPLIT_ORDER.flatMap((split) =>
          SCOPES.filter((scope) => cell(rows, split, scope, metric) !== undefined).map((scope) => (
            <Tr key={`${split}-${scope}`}>
              <Th scope="row" className="text-left font-normal">
                {ts(split)} · {scope}
              </Th>
              <Td className="font-semibold">{fmt(cell(rows, split, scope, metric))}</Td>
              {comparators.map((c) => (
                <Td key={c.id}>{fmt(cell(c.rows, split, scope, metric))}</Td>
              ))}
            </Tr>
          )),
        )}
      </TBody>
    </Table>
  );
}
