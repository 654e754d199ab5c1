import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import { useMetricLabel } from "@/components/entries/labels";
import type { SameBackbone } from "@/lib/server/leaderboard/same-backbone";

/** This entry against the best other entry on the same backbone (headline metric, overall, micro). */
export function SameBackboneLine({ cmp, metric }: { cmp: SameBackbone | null; metric: string }) {
  const t = useTranslations("entry.sameBackbone");
  const metricName = useMetricLabel()(metric);
  const f = formatter(useLocale());
  if (!cmp) return null;
  const signed = (v: number) => `${v >= 0 ? "+" : ""}${f.score(v)}`;
  const p = cmp.paired;
  return (
    <p className="text-sm" data-testid="same-backbone">
      {t.rich("line", {
        baseline: String(cmp.other.isBaseline),
        backbone: cmp.backbone,
        name: cmp.other.methodName,
        link: (c) => <Link href={`/entries/${cmp.other.id}`}>{c}</Link>,
        strong: (c) => <strong data-testid="same-backbone-diff">{c}</strong>,
        diff: signed(cmp.diff),
        metric: metricName,
        value: f.score(cmp.entryValue),
        other: f.score(cmp.other.value),
      })}
      {p
        ? t("paired", {
            n: f.integer(p.n),
            diff: signed(p.diff),
            lo: f.score(p.ciLow),
            hi: f.score(p.ciHigh),
            p: f.score(p.pValue),
          })
        : t("unpaired")}
    </p>
  );
}
