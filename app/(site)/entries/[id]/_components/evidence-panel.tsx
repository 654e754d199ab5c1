import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import {
  CATEGORY_CODES,
  type CategoryCode,
  type EvidenceGroup,
  type EvidenceReport,
  type EvidenceStat,
} from "@/lib/scoring/types";
import { HeadRow, Table, TBody, Td, Th, Tr } from "@/components/ui/table";
import { EvidenceChart } from "./evidence-chart";

const RECALLS = ["recallAt1", "recallAt3", "recallAt5", "recallAtAll"] as const;
const SPLIT_ROWS = ["dyadic", "multi-party", "overall"] as const;

/** Retrieval vs reasoning (issue 48): did the method find the gold session, and what did it do with it. */
export function EvidencePanel({ report }: { report: EvidenceReport | null }) {
  const t = useTranslations("entry.evidence");
  const ts = useTranslations("splits");
  const tc = useTranslations("categories");
  const f = formatter(useLocale());
  if (!report) return <p data-testid="evidence-none">{t("none")}</p>;
  const of = (split: string, scope = "ALL") => report.groups.find((g) => g.split === split && g.scope === scope);
  const all = of("overall")!;
  const stat = (s: EvidenceStat, pct = false) => (
    <>
      {pct ? f.percent(s.value, 1) : f.score(s.value)}
      {s.value !== null ? (
        <span className="block text-xs text-slate-500">{t("nOf", { n: f.integer(s.n) })}</span>
      ) : null}
    </>
  );
  const facts: Array<[string, string, EvidenceStat, boolean]> = [
    ["judge-hit", t("judgeWhenRetrieved"), all.judgeWhenRetrieved, false],
    ["judge-miss", t("judgeWhenMissed"), all.judgeWhenMissed, false],
    ["f1-hit", t("f1WhenRetrieved"), all.f1WhenRetrieved, false],
    ["f1-miss", t("f1WhenMissed"), all.f1WhenMissed, false],
    ["wrong-missed", t("wrongMissedEvidence"), all.wrongMissedEvidence, true],
    ["wrong-had", t("wrongHadEvidence"), all.wrongHadEvidence, true],
  ];
  const cats = CATEGORY_CODES.flatMap((c) => of("overall", c) ?? []);
  const recallRow = (g: EvidenceGroup, label: ReactNode, key: string) => (
    <Tr key={key} className="text-right tabular-nums" data-testid={`evidence-row-${key}`}>
      <Th scope="row" className="text-left font-normal">
        {label}
      </Th>
      {RECALLS.map((m) => (
        <Td key={m} title={f.ci(g[m].ciLow, g[m].ciHigh)}>
          {f.percent(g[m].value, 1)}
        </Td>
      ))}
      <Td>{f.integer(g.n)}</Td>
      <Td>{f.integer(g.noGold)}</Td>
    </Tr>
  );
  const head = [t("scope"), ...RECALLS.map((m) => t(m)), t("n"), t("noGold")];
  return (
    <div className="space-y-3" data-testid="evidence-panel">
      <p className="text-sm">{t("intro", { wrongBelow: f.score(report.wrongBelow, 2) })}</p>
      <Table label={t("recallRegion")} className="border-collapse text-sm" data-testid="evidence-recall">
        <HeadRow numeric labels={head} />
        <TBody>
          {SPLIT_ROWS.flatMap((s) => {
            const g = of(s);
            return g ? [recallRow(g, ts(s), s)] : [];
          })}
        </TBody>
      </Table>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([key, label, s, pct]) => (
          <div key={key} className="flex justify-between gap-3 border-b border-slate-100 py-1 dark:border-slate-800">
            <dt>{label}</dt>
            <dd className="text-right tabular-nums" data-testid={`evidence-${key}`}>
              {stat(s, pct)}
            </dd>
          </div>
        ))}
      </dl>
      <EvidenceChart groups={cats} />
      <Table label={t("categoryRegion")} className="border-collapse text-sm" data-testid="evidence-by-category">
        <HeadRow numeric labels={head} />
        <TBody>
          {cats.map((g) => recallRow(g, <abbr title={tc(g.scope as CategoryCode)}>{g.scope}</abbr>, g.scope))}
        </TBody>
      </Table>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t("rule")}</p>
    </div>
  );
}
