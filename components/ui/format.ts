import { formatter } from "@/lib/i18n/format";

// English-only formatting for views not yet translated. The rules live in lib/i18n/format.ts;
// translated views call formatter(locale) there instead (docs/ARCHITECTURE.md, Translations).
const en = formatter("en");

export function fmt(v: number | null | undefined, digits = 3): string {
  return en.score(v, digits);
}

/** Whether a cell over `n` questions is below the configured minimum (LOW_N_MIN; 0 = never). */
export function isLowN(n: number, lowNMin: number): boolean {
  return lowNMin > 0 && n < lowNMin;
}

export function fmtDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : "–";
}

export const METRIC_LABELS: Record<string, string> = {
  f1: "F1",
  bleu1: "BLEU-1",
  precision: "Precision",
  recall: "Recall",
  judge: "LLM judge",
};
export const SPLIT_LABELS: Record<string, string> = {
  overall: "Overall",
  dyadic: "Dyadic",
  "multi-party": "Multi-party",
};

export function formatBytes(n: number): string {
  return en.bytes(n);
}
