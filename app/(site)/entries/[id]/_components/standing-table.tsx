import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import { CATEGORIES } from "@/lib/scoring/types";
import type { Standing, StandingRow } from "@/lib/server/leaderboard/entry-standing";
import { useMetricLabel, useScopeLabel } from "@/components/entries/labels";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";

const below = (r: StandingRow) => r.cell !== null && r.reference !== null && r.cell.value < r.reference;

export function StandingTable({ standing }: { standing: Standing }) {
  const { split, metric, rows } = standing;
  const t = useTranslations("entry.standing");
  const ts = useTranslations("splits");
  const f = formatter(useLocale());
  const label = useScopeLabel();
  const splitName = ts(split);
  const metricName = useMetricLabel()(metric);
  return (
    <Table
      label={t("region", { split: splitName })}
      className="border-collapse text-sm"
      data-testid={`standing-${split}`}
      caption={t("caption", { split: splitName, metric: metricName })}
      captionClassName="mb-1 text-left font-semibold"
    >
      <THead>
        <Tr kind="head" className="text-right">
          <Th className="text-left">{t("scope")}</Th>
          <Th>{t("score")}</Th>
          <Th>{t("rank")}</Th>
          <Th>{t("best")}</Th>
          <Th>{t("median")}</Th>
          <Th title={t("referenceTitle")}>{t("reference")}</Th>
        </Tr>
      </THead>
      <TBody>
        {rows.map((r) => (
          <Tr key={r.scope} data-scope={r.scope} className="text-right tabular-nums">
            <Th scope="row" className={`text-left font-normal ${r.scope in CATEGORIES ? "pl-6" : "font-medium"}`}>
              {r.scope in CATEGORIES ? (
                <>
                  <abbr title={label(r.scope)}>{r.scope}</abbr>{" "}
                  <span className="text-xs text-slate-600 dark:text-slate-400">{label(r.scope)}</span>
                </>
              ) : (
                label(r.scope)
              )}
            </Th>
            <Td data-below-reference={below(r) ? "" : undefined}>
              <span title={below(r) ? t("belowReference") : undefined}>{f.score(r.cell?.value)}</span>{" "}
              <span className="text-xs text-slate-600 dark:text-slate-400">{f.ci(r.cell?.ciLow, r.cell?.ciHigh)}</span>
            </Td>
            <Td data-testid={`rank-${split}-${r.scope}`}>
              {r.rank === null
                ? "–"
                : t("rankOf", { rank: f.integer(r.rank), tied: String(r.tied), of: f.integer(r.of) })}
            </Td>
            <Td>{f.score(r.best)}</Td>
            <Td>{f.score(r.median)}</Td>
            <Td className="italic" data-testid={`reference-${split}-${r.scope}`}>
              {f.score(r.reference)}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
