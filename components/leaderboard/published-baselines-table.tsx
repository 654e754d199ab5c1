import { useLocale, useTranslations } from "next-intl";
import { MAIN_TYPES } from "@/lib/scoring/types";
import { formatter } from "@/lib/i18n/format";
import { PUBLISHED_BASELINES, PUBLISHED_BASELINE_SOURCE } from "@/lib/server/leaderboard/published-baselines";

/** The authors' published numbers: reference rows, not ranked, with what was not published said plainly. */
export function PublishedBaselinesTable() {
  const t = useTranslations("board.published");
  const modality = useTranslations("board.table.modality");
  const mainNames = useTranslations("mainTypes");
  const f = formatter(useLocale());
  return (
    <section aria-labelledby="pb-h" className="space-y-2">
      <h2 id="pb-h" className="text-lg font-semibold">{t("heading")}</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t.rich("source", { link: (c) => <a href={PUBLISHED_BASELINE_SOURCE.url} rel="noopener noreferrer">{c}</a> })}
      </p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("label")}>
        <table className="min-w-full text-sm" data-testid="published-baselines">
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className="px-2 py-1">{t("method")}</th>
              <th scope="col" className="px-2 py-1">{t("input")}</th>
              {MAIN_TYPES.map((m) => <th key={m} scope="col" className="px-2 py-1 text-right">{t("judge", { mainType: mainNames(m) })}</th>)}
              <th scope="col" className="px-2 py-1 text-right">{t("storage")}</th>
              <th scope="col" className="px-2 py-1 text-right">{t("retrieval")}</th>
              <th scope="col" className="px-2 py-1 text-right">{t("answering")}</th>
              <th scope="col" className="px-2 py-1">{t("unpublished")}</th>
            </tr>
          </thead>
          <tbody>
            {PUBLISHED_BASELINES.map((b) => (
              <tr key={b.method} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {b.method} <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">{t("paperBaseline")}</span>
                </th>
                <td className="px-2 py-1">{modality(b.modality)}</td>
                {MAIN_TYPES.map((m) => <td key={m} className="heat px-2 py-1 text-right tabular-nums" style={{ ["--v" as string]: b.mainTypes[m] }}>{f.score(b.mainTypes[m], 2)}</td>)}
                <td className="px-2 py-1 text-right tabular-nums">{b.efficiency.storageSecondsPerSession}</td>
                <td className="px-2 py-1 text-right tabular-nums">{b.efficiency.retrievalSecondsPerQuestion}</td>
                <td className="px-2 py-1 text-right tabular-nums">{b.efficiency.answerSecondsPerQuestion}</td>
                <td className="px-2 py-1 text-slate-600 italic dark:text-slate-400">{t("notPublished")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
