import { JudgeCardView } from "@/components/judge-card/judge-card-view";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { judgeChanges } from "@/lib/server/operations/judge-card-gate";
import { judgeCardFor } from "@/lib/server/scores/judge-card";
import type { JudgeCard } from "@/lib/server/scores/judge-card-schema";

// When the judge changes between two versions, publishing waits for the new judge's card.

const cardOf = (version: string): Promise<JudgeCard | null> => judgeCardFor(version).catch(() => null);

export async function JudgeCardCompare({ from, to, locale }: { from: string; to: string; locale: Locale }) {
  if (!judgeChanges(from, to)) return null;
  const [t, old, next] = await Promise.all([translator(locale, "judgeCard"), cardOf(from), cardOf(to)]);
  return (
    <div className="space-y-2" data-testid="judge-card-compare">
      <h3 className="font-semibold">{t("compareHeading")}</h3>
      {next?.status === "ready" ? null : (
        <p className="text-sm text-amber-900 dark:text-amber-200" data-testid="judge-card-required">
          {t("publishNeedsCard")}
        </p>
      )}
      <div className="grid gap-4 text-sm md:grid-cols-2">
        {[
          { label: t("compareOld"), card: old },
          { label: t("compareNew"), card: next },
        ].map(({ label, card }) => (
          <div key={label} className="rounded border border-slate-200 p-2 dark:border-slate-800">
            <h4 className="font-semibold">{label}</h4>
            {card ? <JudgeCardView card={card} locale={locale} /> : <p>{t("noJudge")}</p>}
          </div>
        ))}
      </div>
    </div>
  );
}
