import { useLocale, useTranslations } from "next-intl";

// The judge column's marks: a row within judge noise of a rank neighbour, and the header's link
// to the judge card (rule: withinNoisePairs in lib/server/scores/judge-card.ts).

/** The mark after a judge mean (a sign, the same in every language; the legend says it in words). */
export const NOISE_MARK = "≈";
/** The judge card's section on About. */
export const JUDGE_CARD_HREF = "/about#judge-card";

/** After the judge mean of a row whose neighbours at `ranks` are within the judge's measured noise. */
export function JudgeNoiseMark({ ranks }: { ranks: number[] }) {
  const t = useTranslations("judgeCard");
  const list = new Intl.ListFormat(useLocale(), { type: "conjunction" }).format(ranks.map(String));
  return (
    <span
      className="ml-0.5 cursor-help font-semibold text-sky-800 dark:text-sky-300"
      title={t("withinNoiseTitle", { ranks: list })}
      data-testid="within-judge-noise"
      data-ranks={ranks.join(" ")}
    >
      <span aria-hidden="true">{NOISE_MARK}</span>
      <span className="sr-only">{t("withinNoise", { ranks: list })}</span>
    </span>
  );
}

/** Under the judge column's name: the way to what a judge score is worth. */
export function JudgeCardLink() {
  const t = useTranslations("judgeCard");
  return (
    <a
      href={JUDGE_CARD_HREF}
      className="block text-xs font-normal"
      title={t("columnLinkTitle")}
      data-testid="judge-card-link"
    >
      {t("cardLink")}
    </a>
  );
}
