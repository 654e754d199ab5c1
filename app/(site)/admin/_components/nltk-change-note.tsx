import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { nltkModeChange } from "@/lib/server/versions/nltk-mode";
import { bleu1Changes } from "@/lib/server/operations/nltk-rollout";

// Versions differing only in NLTK mode (issue 29): the worker re-scores on its own; BLEU-1 moves on some questions.

/** Takes the locale (not next-intl's request config) so it also renders outside a page (tests). */
export async function NltkChangeNote({ from, to, locale }: { from: string; to: string; locale: Locale }) {
  const change = nltkModeChange(from, to);
  if (!change) return null;
  const [t, b] = await Promise.all([translator(locale, "admin"), bleu1Changes(from, to)]);
  const mean = b.meanDelta === null ? "none" : `${b.meanDelta >= 0 ? "+" : ""}${b.meanDelta.toFixed(3)}`;
  return (
    <div
      className="space-y-1 rounded border border-sky-300 bg-sky-50 p-2 text-sm dark:border-sky-800 dark:bg-sky-950"
      data-testid="nltk-change"
    >
      <p>{t("rescore.nltkChange", { from: change.from, to: change.to, pinned: change.toIsPinned ? "yes" : "no" })}</p>
      <p data-testid="bleu1-changed">
        {b.compared === 0
          ? t("rescore.bleu1None")
          : t("rescore.bleu1Changed", {
              changed: String(b.changed),
              compared: String(b.compared),
              entries: b.entries,
              mean,
            })}
      </p>
    </div>
  );
}
