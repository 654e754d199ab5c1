import Link from "next/link";
import { useTranslations } from "next-intl";
import { CATEGORY_CODES } from "@/lib/scoring/types";
import type { PredictionFilter, PredictionRow } from "@/lib/server/submissions/predictions";
import { fmt } from "@/components/ui/format";

type Props = { basePath: string; filter: PredictionFilter; rows: PredictionRow[]; total: number; pages: number; hasJudge: boolean; scorerVersion: string | null };

function pageHref(basePath: string, filter: PredictionFilter, page: number): string {
  const sp = new URLSearchParams();
  if (filter.q) sp.set("q", filter.q);
  if (filter.category) sp.set("category", filter.category);
  if (filter.split) sp.set("split", filter.split);
  sp.set("page", String(page));
  return `${basePath}?${sp.toString()}#questions`;
}

/** Per-question results with search and category filter (state in the URL, works without JS). */
export function PredictionTable({ basePath, filter, rows, total, pages, hasJudge, scorerVersion }: Props) {
  const t = useTranslations("submissions");
  const tc = useTranslations("categories");
  const ts = useTranslations("splits");
  const tm = useTranslations("common.metrics");
  const categoryName = (code: string) => (tc.has(code as never) ? tc(code as never) : code);
  return (
    <section id="questions" aria-labelledby="questions-h" className="space-y-3">
      <h2 id="questions-h" className="text-lg font-semibold">{t("perQuestion")}</h2>
      <form method="get" action={`${basePath}#questions`} className="flex flex-wrap items-end gap-3" role="search">
        <div>
          <label htmlFor="pq-q" className="block text-sm">{t("searchLabel")}</label>
          <input id="pq-q" name="q" type="search" defaultValue={filter.q ?? ""} className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900" />
        </div>
        <div>
          <label htmlFor="pq-cat" className="block text-sm">{t("category")}</label>
          <select id="pq-cat" name="category" defaultValue={filter.category ?? ""} className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900">
            <option value="">{t("allCategories")}</option>
            {CATEGORY_CODES.map((c) => (
              <option key={c} value={c}>{c}: {categoryName(c)}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="pq-split" className="block text-sm">{t("split")}</label>
          <select id="pq-split" name="split" defaultValue={filter.split ?? ""} className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900">
            <option value="">{t("both")}</option>
            <option value="dyadic">{ts("dyadic")}</option>
            <option value="multi-party">{ts("multi-party")}</option>
          </select>
        </div>
        <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">{t("filter")}</button>
      </form>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t("matching", { count: total })} {t("underVersion")} <code data-testid="prediction-scorer-version">{scorerVersion ?? "–"}</code>.
      </p>
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm" data-testid="prediction-table">
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className="px-2 py-1">#</th>
              <th scope="col" className="px-2 py-1">{t("category")}</th>
              <th scope="col" className="px-2 py-1">{t("colQuestion")}</th>
              <th scope="col" className="px-2 py-1">{t("colReference")}</th>
              <th scope="col" className="px-2 py-1">{t("colAnswer")}</th>
              <th scope="col" className="px-2 py-1 text-right">{tm("f1")}</th>
              <th scope="col" className="px-2 py-1 text-right">{tm("bleu1")}</th>
              {hasJudge ? <th scope="col" className="px-2 py-1 text-right">{t("colJudge")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                <td className="px-2 py-1 tabular-nums">{r.split === "dyadic" ? "D" : "M"}{r.index}</td>
                <td className="px-2 py-1"><abbr title={categoryName(r.category)}>{r.category}</abbr></td>
                <td className="max-w-xs px-2 py-1">{r.questionText}</td>
                <td className="max-w-xs px-2 py-1">
                  {r.referenceAnswer}
                  {r.answerDiffers ? <span className="mt-1 block text-xs text-amber-700 dark:text-amber-300">{t("answerDiffers")}</span> : null}
                </td>
                <td className="max-w-xs px-2 py-1">{r.systemAnswer || <em>{t("emptyAnswer")}</em>}</td>
                <td className="px-2 py-1 text-right tabular-nums">{fmt(r.f1)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{fmt(r.bleu1)}</td>
                {hasJudge ? <td className="px-2 py-1 text-right tabular-nums">{fmt(r.judgeScore, 2)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label={t("pagesNav")} className="flex gap-3 text-sm">
          {filter.page > 1 ? <Link href={pageHref(basePath, filter, filter.page - 1)}>{t("previous")}</Link> : null}
          <span>{t("pageOf", { page: filter.page, pages })}</span>
          {filter.page < pages ? <Link href={pageHref(basePath, filter, filter.page + 1)}>{t("next")}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
