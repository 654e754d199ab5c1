import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import { CATEGORY_CODES } from "@/lib/scoring/types";
import type { FailureProfile } from "@/lib/scoring/types";

/** Compact failure profile: refusals (missed and over-), empty answers, answer length, recall-precision gap per category. */
export function FailurePanel({ profile }: { profile: FailureProfile | null }) {
  const t = useTranslations("entry.failure");
  const tc = useTranslations("categories");
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
            <dd className="tabular-nums" data-testid={`failure-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("region")}>
        <table className="min-w-full border-collapse text-sm" data-testid="failure-by-category">
          <caption className="mb-1 text-left font-semibold">{t("caption")}</caption>
          <thead>
            <tr className="border-b border-slate-300 text-right dark:border-slate-700">
              <th scope="col" className="px-2 py-1 text-left">{t("category")}</th>
              <th scope="col" className="px-2 py-1">{t("refused")}</th>
              <th scope="col" className="px-2 py-1" title={t("gapTitle")}>{t("gap")}</th>
              <th scope="col" className="px-2 py-1">{t("n")}</th>
            </tr>
          </thead>
          <tbody>
            {cats.map((c) => {
              const r = profile.byCategory[c]!;
              return (
                <tr key={c} className="border-b border-slate-100 text-right tabular-nums dark:border-slate-800">
                  <th scope="row" className="px-2 py-1 text-left font-normal"><abbr title={tc(c)}>{c}</abbr></th>
                  <td className="px-2 py-1">{pct(r.refusalRate)}</td>
                  <td className="px-2 py-1">{r.recallPrecisionGap === null ? "–" : `${r.recallPrecisionGap >= 0 ? "+" : ""}${f.score(r.recallPrecisionGap)}`}</td>
                  <td className="px-2 py-1">{f.integer(r.n)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t("rule")}</p>
    </div>
  );
}
