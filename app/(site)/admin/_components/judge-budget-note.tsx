import { getLocale } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { judgeDailyBudget } from "@/lib/server/judge/daily-budget";

// With JUDGE_DAILY_CALLS set: today's use of the judge budget, and, once it is spent, that judge stages wait.
// Takes the locale so that it renders outside a page (tests) too.
export async function JudgeBudgetNote({ locale }: { locale?: Locale }) {
  const budget = await judgeDailyBudget();
  if (!budget) return null;
  const t = await translator(locale ?? ((await getLocale()) as Locale), "admin");
  const values = { used: budget.used, limit: budget.limit };
  if (!budget.exhausted)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="judge-budget">
        {t("judgeBudget.today", values)}
      </p>
    );
  return (
    <p
      role="status"
      data-testid="judge-budget"
      className="max-w-4xl rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      {t("judgeBudget.spent", values)}
    </p>
  );
}
