import type { EntryDetail } from "@/lib/server/leaderboard/entries";
import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import { TrackNote } from "@/components/submissions/track-note";

export function MethodCard({ entry: e }: { entry: EntryDetail }) {
  const t = useTranslations("entry.card");
  const tm = useTranslations("board.table.modality");
  const f = formatter(useLocale());
  // The stored modality is a code ("text"); the page shows it in the page's language (issue 32).
  const modality = e.modality === "text" || e.modality === "multimodal" ? tm(e.modality) : e.modality;
  const facts: Array<[string, string | null]> = [
    [t("organization"), e.organization],
    [t("modality"), modality],
    [t("backbone"), e.backbone],
    [t("memoryMethod"), e.memoryMethod],
    [
      t("ranBy"),
      e.ranBy === "third-party"
        ? t("thirdParty", { owner: e.methodOwner ?? "" })
        : e.ranBy === "first-party"
          ? t("firstParty")
          : null,
    ],
    [t("submitted"), f.date(e.createdAt)],
    [t("approved"), f.date(e.approvedAt)],
    [t("scored"), f.date(e.scoredAt)],
    [
      t("attempts"),
      e.attempts ? t("attemptsValue", { total: e.attempts.total, since: e.attempts.sincePreviousEntry }) : null,
    ],
  ];
  return (
    <section aria-labelledby="card-h" className="rounded border border-slate-300 p-4 dark:border-slate-700">
      <h2 id="card-h" className="sr-only">
        {t("heading")}
      </h2>
      <p className="mb-2 flex flex-wrap gap-2 text-xs">
        {e.isBaseline ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-amber-950 dark:bg-amber-900 dark:text-amber-50">
            {t("baseline")}
          </span>
        ) : null}
        {e.answerKeyVerified ? (
          <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50">
            {t("verified")}
          </span>
        ) : null}
      </p>
      {e.description ? <p className="mb-3 max-w-3xl whitespace-pre-wrap">{e.description}</p> : null}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {facts
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      <div className="mt-3">
        <TrackNote card={e} />
      </div>
      {e.efficiency ? (
        <div className="mt-3 text-sm" data-testid="efficiency">
          <p className="font-medium">
            {t("efficiency")}{" "}
            <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-normal text-slate-900 dark:bg-slate-700 dark:text-slate-50">
              {t("selfReported")}
            </span>
          </p>
          <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            {(
              [
                [t("storage"), e.efficiency.storageSecondsPerSession],
                [t("retrieval"), e.efficiency.retrievalSecondsPerQuestion],
                [t("answering"), e.efficiency.answerSecondsPerQuestion],
                [t("tokens"), e.efficiency.tokensPerQuestion],
                [t("hardware"), e.efficiency.hardware],
              ] as const
            )
              .filter(([, v]) => v !== null)
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
                  <dd className="tabular-nums">{v}</dd>
                </div>
              ))}
          </dl>
        </div>
      ) : null}
      <p className="mt-2 flex gap-4 text-sm">
        {e.paperUrl ? (
          <a href={e.paperUrl} rel="noopener noreferrer nofollow">
            {t("paper")}
          </a>
        ) : null}
        {e.codeUrl ? (
          <a href={e.codeUrl} rel="noopener noreferrer nofollow">
            {t("code")}
          </a>
        ) : null}
      </p>
    </section>
  );
}
