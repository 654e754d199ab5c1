import { useTranslations } from "next-intl";
import { CATEGORIES, MAIN_TYPE_NAMES, type CategoryCode, type MainType } from "@/lib/scoring/types";

const METRIC_KEYS = ["f1", "bleu1", "precision", "recall", "judge"] as const;
type MetricKey = (typeof METRIC_KEYS)[number];

export function useScopeLabel(): (scope: string) => string {
  const common = useTranslations("common");
  const tm = useTranslations("mainTypes");
  const tc = useTranslations("categories");
  return (scope) => {
    if (scope === "ALL") return common("scoreTable.allQuestions");
    if (scope in CATEGORIES) return tc(scope as CategoryCode);
    if (scope in MAIN_TYPE_NAMES) return tm(scope as MainType);
    return scope;
  };
}

/** A metric's display name in the current locale (F1 and BLEU-1 stay as they are). */
export function useMetricLabel(): (metric: string) => string {
  const tm = useTranslations("common.metrics");
  return (metric) => ((METRIC_KEYS as readonly string[]).includes(metric) ? tm(metric as MetricKey) : metric);
}
