import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { BENCHMARK_NLTK, nltkSiblingWithRows } from "@/lib/server/versions/nltk-mode";
import { bleu1Changes } from "@/lib/server/operations/nltk-rollout";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";
import { nltkLabelOfVersion } from "@/lib/server/versions/version-text";

// Which NLTK behaviour the public numbers follow, and how much BLEU-1 moved against the other mode.

/** Takes the locale (not next-intl's request config) so it also renders outside a page (tests). */
export async function NltkModeSection({ locale }: { locale: Locale }) {
  const [published, t] = await Promise.all([publishedScorerVersion(), translator(locale, "about")]);
  const mode = nltkLabelOfVersion(published);
  const sibling = mode ? await nltkSiblingWithRows(published) : null;
  const moved = sibling ? await bleu1Changes(sibling, published) : null;
  const code = (c: ReactNode) => <code className="break-all">{c}</code>;
  const mean = moved?.meanDelta == null ? "none" : `${moved.meanDelta >= 0 ? "+" : ""}${moved.meanDelta.toFixed(3)}`;
  return (
    <section aria-labelledby="nltk-h" className="space-y-2" data-testid="nltk-mode">
      <h2 id="nltk-h" className="text-xl font-semibold">
        {t("nltkHeading")}
      </h2>
      {mode ? (
        <p>
          {t.rich("nltkBoard", {
            code,
            version: published,
            mode,
            pinned: mode === `NLTK ${BENCHMARK_NLTK}` ? "yes" : "no",
          })}
        </p>
      ) : (
        <p>{t("nltkUnknown")}</p>
      )}
      {mode ? (
        <p data-testid="nltk-moved">
          {moved && moved.compared > 0
            ? t.rich("nltkMoved", {
                code,
                other: nltkLabelOfVersion(sibling)!,
                sibling: sibling!,
                changed: String(moved.changed),
                compared: String(moved.compared),
                entries: moved.entries,
                mean,
              })
            : t("nltkNoRows")}
        </p>
      ) : null}
    </section>
  );
}
