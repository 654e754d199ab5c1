import Link from "next/link";
import { useTranslations } from "next-intl";
import { CATEGORY_CODES, DIFFICULTIES, SPLITS } from "@/lib/scoring/types";
import type { QuestionQuery } from "@/lib/server/leaderboard/question-explorer";
import { SelectField } from "@/components/ui/select-field";

/** The URL of a list view: only the filters that are set (and the page when not the first). */
export function questionsHref(q: Partial<QuestionQuery>): string {
  const sp = new URLSearchParams();
  for (const k of ["split", "category", "difficulty"] as const) {
    const v = q[k];
    if (v) sp.set(k, v);
  }
  if (q.unsolved) sp.set("unsolved", "1");
  if (q.page && q.page > 1) sp.set("page", String(q.page));
  const s = sp.toString();
  return s ? `/questions?${s}` : "/questions";
}

/** A GET form (works without JavaScript) and the "no entry solves this" view as a link. */
export function QuestionFilters({ query }: { query: QuestionQuery }) {
  const t = useTranslations("questions");
  const tc = useTranslations("categories");
  const td = useTranslations("difficulty");
  const ts = useTranslations("splits");
  const choice = (name: "split" | "category" | "difficulty", label: string, options: Array<[string, string]>) => (
    <SelectField
      id={`q-${name}`}
      name={name}
      label={label}
      defaultValue={query[name] ?? ""}
      options={[["", t("any")], ...options]}
    />
  );
  return (
    <div className="space-y-2">
      <form method="get" action="/questions" className="flex flex-wrap items-end gap-3" aria-label={t("filters")}>
        {choice(
          "split",
          t("split"),
          SPLITS.map((s) => [s, ts(s)]),
        )}
        {choice(
          "category",
          t("category"),
          CATEGORY_CODES.map((c) => [c, `${c}: ${tc(c)}`]),
        )}
        {choice(
          "difficulty",
          t("difficulty"),
          DIFFICULTIES.map((d) => [d, td(d)]),
        )}
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="unsolved" value="1" defaultChecked={query.unsolved} />
          {t("unsolvedOnly")}
        </label>
        <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
          {t("show")}
        </button>
      </form>
      <p className="text-sm">
        {query.unsolved ? (
          <Link href={questionsHref({ ...query, unsolved: false, page: 1 })}>{t("allQuestions")}</Link>
        ) : (
          <Link href={questionsHref({ ...query, unsolved: true, page: 1 })} data-testid="unsolved-link">
            {t("unsolvedView")}
          </Link>
        )}
      </p>
    </div>
  );
}
