import type { getTranslations } from "next-intl/server";
import type { Formatter } from "@/lib/i18n/format";
import type { EntryHeadline } from "@/lib/server/leaderboard/share";

type EntryT = Awaited<ReturnType<typeof getTranslations<"entry">>>;

/** headlineText (lib/server/leaderboard/share.ts) in the reader's language, for the page's description. */
export function localHeadline(h: EntryHeadline, t: EntryT, f: Formatter): string {
  if (h.value === null) return t("headlineUnranked");
  const rank = h.rank !== null ? t("headlineRank", { rank: h.rank, tied: String(h.tied), of: f.integer(h.of) }) : "";
  const ci = h.ciLow !== null && h.ciHigh !== null ? ` ${f.ci(h.ciLow, h.ciHigh)}` : "";
  return t("headline", { rank, metric: h.metric, value: f.score(h.value), ci });
}
