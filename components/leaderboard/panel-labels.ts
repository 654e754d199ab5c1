import type { Messages } from "@/lib/i18n/load-messages";
import type { Locale } from "@/lib/i18n/locales";
import type { PanelLabels } from "./row-categories";

/** The Categories panel's wording from the page's messages; templates keep their {placeholders}. */
export function panelLabels(locale: Locale, m: Messages): PanelLabels {
  return {
    locale,
    categories: m.boardRow.categories,
    entryPage: m.boardRow.entryPage,
    lowNMark: m.boardRow.lowNMark,
    rankBy: m.boardRow.rankBy,
    panelCi: m.intervals.panelCi,
    belowShort: m.intervals.belowShort,
    names: m.categories,
    mainNames: m.mainTypes,
  };
}
