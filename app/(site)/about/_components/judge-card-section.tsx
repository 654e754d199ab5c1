import { JudgeCardView } from "@/components/judge-card/judge-card-view";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { isAppError } from "@/lib/server/errors";
import { judgeCardFor } from "@/lib/server/scores/judge-card";

// The published judge's card on About (the board's judge column links here, #judge-card).

export async function JudgeCardSection({ locale }: { locale: Locale }) {
  const t = await translator(locale, "judgeCard");
  const card = await judgeCardFor().catch((e: unknown) => {
    if (isAppError(e) && e.code === "NOT_FOUND") return null;
    throw e;
  });
  return (
    <section aria-labelledby="judge-card" className="space-y-2">
      <h2 id="judge-card" className="text-xl font-semibold">
        {t("heading")}
      </h2>
      {card ? <JudgeCardView card={card} locale={locale} headingId="judge-card" /> : <p>{t("noJudge")}</p>}
    </section>
  );
}
