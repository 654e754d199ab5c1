import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ViewEntry } from "@/lib/server/leaderboard/view";
import { withinNoisePairs } from "@/lib/server/scores/judge-card";

// Under the board when it shows judge scores: the link to the judge card, and every pair of
// neighbours whose judge-score difference is within the judge's measured run-to-run noise.

export async function JudgeNoiseNote({ entries }: { entries: ViewEntry[] }) {
  const t = await getTranslations("judgeCard");
  const { measured, pairs } = await withinNoisePairs(entries);
  return (
    <div className="text-sm" data-testid="judge-noise-note">
      <p>
        <Link href="/about#judge-card" data-testid="judge-card-link">
          {t("cardLinkText")}
        </Link>
      </p>
      {!measured ? (
        <p>{t("noNoiseNote")}</p>
      ) : pairs.length > 0 ? (
        <>
          <p>{t("noiseNote")}</p>
          <ul className="list-disc pl-6">
            {pairs.map(({ a, b }) => (
              <li key={`${a.id}-${b.id}`} data-testid="within-judge-noise" title={t("withinNoiseTitle")}>
                {t("noisePair", { a: a.rank, methodA: a.methodName, b: b.rank, methodB: b.methodName })} —{" "}
                {t("withinNoise")}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
