import { formatter } from "@/lib/i18n/format";

// English-only formatting for views not yet translated; translated ones call formatter(locale).
const en = formatter("en");

export function fmt(v: number | null | undefined, digits = 3): string {
  return en.score(v, digits);
}

/** Whether a cell over `n` questions is below the configured minimum (LOW_N_MIN; 0 = never). */
export function isLowN(n: number, lowNMin: number): boolean {
  return lowNMin > 0 && n < lowNMin;
}

/** The order metrics and splits are shown in (their names come from the messages). */
export const METRIC_ORDER = ["f1", "bleu1", "precision", "recall", "judge"] as const;
export const SPLIT_ORDER = ["overall", "dyadic", "multi-party"] as const;
