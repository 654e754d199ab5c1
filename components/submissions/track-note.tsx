import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import type { MethodCard } from "@/lib/server/submissions/method-card";

/** The track an entry is ranked in, why when it is not the declared one, and its context budget (issue 48). */
export function TrackNote({ card }: { card: MethodCard }) {
  const t = useTranslations("tracks");
  const f = formatter(useLocale());
  const r = card.trackReason;
  const reason =
    r === null
      ? null
      : r.rule === "admin"
        ? t("reason.admin", { from: t(r.from), note: r.note })
        : t(`reason.${r.rule}`, { questions: f.integer(r.questions), of: f.integer(r.of), topK: r.topK ?? 0 });
  const budget = (v: number | null) => (v === null ? t("notStated") : f.integer(v));
  return (
    <div className="text-sm" data-testid="track-note" data-track={card.track}>
      <p>
        <span className="font-medium">{t("label")}:</span> {t(card.track)}
        {card.declaredTrack !== card.track ? ` · ${t("declared", { track: t(card.declaredTrack) })}` : null}
      </p>
      {reason ? (
        <p role="note" data-testid="track-reason">
          {reason}
        </p>
      ) : null}
      {card.contextTopK !== null || card.contextTokens !== null ? (
        <p>{t("budget", { topK: budget(card.contextTopK), tokens: budget(card.contextTokens) })}</p>
      ) : null}
    </div>
  );
}
