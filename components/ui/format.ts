// Number formatting shared by leaderboard, entry and submission views.

export function fmt(v: number | null | undefined, digits = 3): string {
  return v === null || v === undefined || Number.isNaN(v) ? "–" : v.toFixed(digits);
}

export function fmtCi(lo: number | null | undefined, hi: number | null | undefined): string {
  return lo === null || lo === undefined || hi === null || hi === undefined ? "" : `[${lo.toFixed(3)}, ${hi.toFixed(3)}]`;
}

/** A rate in 0..1 as a percentage; "–" for null. */
export function fmtPct(v: number | null | undefined, digits = 0): string {
  return v === null || v === undefined || Number.isNaN(v) ? "–" : `${(v * 100).toFixed(digits)}%`;
}

/** Whether a cell over `n` questions is below the configured minimum (LOW_N_MIN; 0 = never). */
export function isLowN(n: number, lowNMin: number): boolean {
  return lowNMin > 0 && n < lowNMin;
}

export function fmtDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : "–";
}

export const METRIC_LABELS: Record<string, string> = { f1: "F1", bleu1: "BLEU-1", precision: "Precision", recall: "Recall", judge: "LLM judge" };
export const SPLIT_LABELS: Record<string, string> = { overall: "Overall", dyadic: "Dyadic", "multi-party": "Multi-party" };

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(2)} MiB`;
}
