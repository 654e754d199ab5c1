import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import { significantWins, type PairComparison } from "@/lib/server/leaderboard/compare";
import { useScopeLabel } from "@/components/entries/labels";
import { Section } from "@/components/ui/section";

/** Per entry: the scopes where it is significantly better than another entry (paired bootstrap). */
export function SignificantWins({
  pairs,
  entries,
}: {
  pairs: PairComparison[];
  entries: Array<{ id: string; methodName: string }>;
}) {
  const t = useTranslations("compare.wins");
  const f = formatter(useLocale());
  const scopeLabel = useScopeLabel();
  const name = (id: string) => entries.find((e) => e.id === id)?.methodName ?? id;
  return (
    <Section hid="wins-h" heading={t("heading")} className="space-y-2" data-testid="significant-wins">
      <ul className="space-y-2">
        {entries.map((e) => {
          const wins = significantWins(pairs, e.id);
          return (
            <li key={e.id}>
              <strong>{e.methodName}</strong>:{" "}
              {wins.length === 0
                ? t("none")
                : wins.map((w, i) => (
                    <span key={`${w.scope}-${w.over}`}>
                      {i > 0 ? "; " : ""}
                      {w.scope === "ALL" ? t("all") : <abbr title={scopeLabel(w.scope)}>{w.scope}</abbr>}
                      {t("over", {
                        name: name(w.over),
                        diff: f.score(w.diff),
                        p: w.pValue < 0.001 ? `< ${f.score(0.001)}` : `= ${f.score(w.pValue)}`,
                      })}
                    </span>
                  ))}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
