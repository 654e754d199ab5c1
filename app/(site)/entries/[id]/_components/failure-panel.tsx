import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import { CATEGORY_CODES } from "@/lib/scoring/types";
import type { FailureProfile } from "@/lib/scoring/types";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";

export function FailurePanel({ profile }: { profile: FailureProfile | null }) {
  const t = useTranslations("entry.failure");
  const tc = useTranslations("categories");
  const tcommon = useTranslations("common");
  const f = formatter(useLocale());
  const pct = (v: number | null) => f.percent(v, 1);
  if (!profile) return <p data-testid="failure-profile-none">{t("none")}</p>;
  const cats = CATEGORY_CODES.filter((c) => profile.byCategory[c]);
  const facts: Array<[string, string, string]> = [
    ["refusal", t("refusal"), pct(profile.refusalRate)],
    ["missed", t("missed"), pct(profile.missedRefusalRate)],
    ["over", t("over"), pct(profile.overRefusalRate)],
    ["empty", t("empty"), pct(profile.emptyRate)],
    ["tokens", t("tokens"), `${f.score(profile.answerTokens.median, 1)} / ${f.score(profile.answerTokens.p90, 1)}`],
  ];
  return (
    <div className="space-y-3" data-testid="failure-profile">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([key, label, value]) => (
          <div key={key} className="flex justify-between gap-3 border-b border-slate-100 py-1 dark:border-slate-800">
            <dt>{label}</dt>
            <dd className="tabular-nums" data-testid={`failure-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Table
        label={t("region")}
        scrollHint={tcommon("scrollHint")}
        className="border-collapse text-sm"
        data-testid="failure-by-category"
        caption={t("caption")}
        captionClassName="mb-1 text-left font-semibold"
      >
        <THead>
          <Tr kind="head" className="text-right">
            <Th className="text-left">{t("category")}</Th>
            <Th>{t("refused")}</Th>
            <Th title={t("gapTitle")}>{t("gap")}</Th>
            <Th>{t("n")}</Th>
          </Tr>
        </THead>
        <TBody>
          {cats.map((c) => {
            const r = profile.byCategory[c]!;
            return (
              <Tr key={c} className="text-right tabular-nums">
                <Th scope="row" className="text-left font-normal">
                  <abbr title={tc(c)}>{c}</abbr>
                </Th>
                <Td>{pct(r.refusalRate)}</Td>
                <Td>
                  {r.recallPrecisionGap === null
                    ? "–"
                    : `${r.recallPrecisionGap >= 0 ? "+" : ""}${f.score(r.recallPrecisionGap)}`}
                </Td>
                <Td>{f.integer(r.n)}</Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t("rule")}</p>
    </div>
  );
}
