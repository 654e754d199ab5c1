import { useLocale, useTranslations } from "next-intl";
import { MAIN_TYPES } from "@/lib/scoring/types";
import { formatter } from "@/lib/i18n/format";
import { PUBLISHED_BASELINES, PUBLISHED_BASELINE_SOURCE } from "@/lib/server/leaderboard/published-baselines";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { Section } from "@/components/ui/section";

/** The authors' published numbers: reference rows, not ranked, with what was not published said plainly. */
export function PublishedBaselinesTable() {
  const t = useTranslations("board.published");
  const modality = useTranslations("board.table.modality");
  const mainNames = useTranslations("mainTypes");
  const f = formatter(useLocale());
  return (
    <Section hid="pb-h" heading={t("heading")} className="space-y-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t.rich("source", {
          link: (c) => (
            <a href={PUBLISHED_BASELINE_SOURCE.url} rel="noopener noreferrer">
              {c}
            </a>
          ),
        })}
      </p>
      <Table label={t("label")} data-testid="published-baselines">
        <THead>
          <Tr kind="head" className="text-left">
            <Th>{t("method")}</Th>
            <Th>{t("input")}</Th>
            {MAIN_TYPES.map((m) => (
              <Th key={m} className="text-right">
                {t("judge", { mainType: mainNames(m) })}
              </Th>
            ))}
            <Th className="text-right">{t("storage")}</Th>
            <Th className="text-right">{t("retrieval")}</Th>
            <Th className="text-right">{t("answering")}</Th>
            <Th>{t("unpublished")}</Th>
          </Tr>
        </THead>
        <TBody>
          {PUBLISHED_BASELINES.map((b) => (
            <Tr key={b.method}>
              <Th scope="row" className="text-left font-normal">
                {b.method}{" "}
                <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                  {t("paperBaseline")}
                </span>
              </Th>
              <Td>{modality(b.modality)}</Td>
              {MAIN_TYPES.map((m) => (
                <Td key={m} className="heat text-right tabular-nums" style={{ ["--v" as string]: b.mainTypes[m] }}>
                  {f.score(b.mainTypes[m], 2)}
                </Td>
              ))}
              <Td className="text-right tabular-nums">{b.efficiency.storageSecondsPerSession}</Td>
              <Td className="text-right tabular-nums">{b.efficiency.retrievalSecondsPerQuestion}</Td>
              <Td className="text-right tabular-nums">{b.efficiency.answerSecondsPerQuestion}</Td>
              <Td className="text-slate-600 italic dark:text-slate-400">{t("notPublished")}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Section>
  );
}
