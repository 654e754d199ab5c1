import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import type { PairedResult } from "@/lib/server/leaderboard/compare";
import { useScopeLabel } from "@/components/entries/labels";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";

/** A minus B per scope, with the paired-bootstrap CI; a CI excluding 0 marks a real difference. */
export function CompareTable({ results, nameA, nameB }: { results: PairedResult[]; nameA: string; nameB: string }) {
  const t = useTranslations("compare");
  const f = formatter(useLocale());
  const scopeLabel = useScopeLabel();
  return (
    <Table
      label={t("versus", { a: nameA, b: nameB })}
      data-testid="compare-table"
      caption={t("table.caption", { a: nameA, b: nameB })}
    >
      <THead>
        <Tr kind="head" className="text-right">
          <Th className="text-left">{t("table.scope")}</Th>
          <Th>{t("table.n")}</Th>
          <Th>{t("table.colA", { name: nameA })}</Th>
          <Th>{t("table.colB", { name: nameB })}</Th>
          <Th>{t("table.diff")}</Th>
          <Th>{t("table.ci")}</Th>
          <Th>{t("table.p")}</Th>
          <Th className="text-left">{t("table.verdict")}</Th>
        </Tr>
      </THead>
      <TBody>
        {results.map((r) => {
          const significant = r.ciLow > 0 || r.ciHigh < 0;
          return (
            <Tr key={r.scope} className="text-right tabular-nums">
              <Th scope="row" className="text-left font-normal">
                {r.scope === "ALL" ? (
                  <strong>{scopeLabel("ALL")}</strong>
                ) : (
                  <abbr title={scopeLabel(r.scope)}>{r.scope}</abbr>
                )}
              </Th>
              <Td>{f.integer(r.n)}</Td>
              <Td>{f.score(r.meanA)}</Td>
              <Td>{f.score(r.meanB)}</Td>
              <Td>
                {r.diff >= 0 ? "+" : ""}
                {f.score(r.diff)}
              </Td>
              <Td>{f.ci(r.ciLow, r.ciHigh)}</Td>
              <Td>{r.pValue < 0.001 ? `<${f.score(0.001)}` : f.score(r.pValue)}</Td>
              <Td className="text-left">
                {significant ? (r.diff > 0 ? t("table.aBetter") : t("table.bBetter")) : t("table.noDifference")}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
