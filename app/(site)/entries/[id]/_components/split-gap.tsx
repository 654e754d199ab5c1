import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import type { ScoreRowView } from "@/lib/server/scores/score-rows";
import { useScopeLabel, useMetricLabel } from "@/components/entries/labels";
import { HeadRow, Table, TBody, Td, Th, Tr } from "@/components/ui/table";

/** Dyadic minus multi-party per scope (micro): how much the method loses with more speakers. */
export function SplitGap({ rows, metric }: { rows: ScoreRowView[]; metric: string }) {
  const t = useTranslations("entry.splitGap");
  const ts = useTranslations("splits");
  const f = formatter(useLocale());
  const scopeLabel = useScopeLabel();
  const metricName = useMetricLabel()(metric);
  const get = (split: string, scope: string) =>
    rows.find((r) => r.split === split && r.scope === scope && r.metric === metric && r.aggregate === "micro");
  const scopes = ["ALL", ...MAIN_TYPES, ...CATEGORY_CODES].filter((s) => get("dyadic", s) && get("multi-party", s));
  if (scopes.length === 0) return <p>{t("none", { metric: metricName })}</p>;
  return (
    <Table
      label={t("region")}
      className="border-collapse text-sm"
      data-testid="split-gap"
      caption={t("caption", { metric: metricName })}
      captionClassName="mb-1 text-left font-semibold"
    >
      <HeadRow numeric labels={[t("scope"), ts("dyadic"), ts("multi-party"), t("gap")]} />
      <TBody>
        {scopes.map((s) => {
          const d = get("dyadic", s)!.value;
          const m = get("multi-party", s)!.value;
          const name = scopeLabel(s);
          return (
            <Tr key={s} className="text-right tabular-nums">
              <Th scope="row" className="text-left font-normal">
                {s in CATEGORIES ? <abbr title={name}>{s}</abbr> : name}
              </Th>
              <Td>{f.score(d)}</Td>
              <Td>{f.score(m)}</Td>
              <Td>
                {d - m >= 0 ? "+" : ""}
                {f.score(d - m)}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
