import { formatter } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { KEY_PART_TEXT, keyTagOfVersion } from "@/lib/server/versions/version-text";
import { listAnswerKeyVersions } from "@/lib/server/answer-key/active-info";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";

/**
 * The answer key versions with dates and question counts, and which one the board's numbers belong to.
 * Takes the locale (not next-intl's request config) so it also renders outside a page (tests).
 */
export async function AnswerKeyVersions({ locale }: { locale: Locale }) {
  const [versions, published, t] = await Promise.all([
    listAnswerKeyVersions(),
    publishedScorerVersion(),
    translator(locale, "about"),
  ]);
  const f = formatter(locale);
  if (versions.length === 0) return <p>{t("keysNone")}</p>;
  const status = (v: (typeof versions)[number]) => {
    const parts = [
      keyTagOfVersion(published) === v.tag ? t("keysPublished") : null,
      v.active ? t("keysActive") : null,
    ].filter((p) => p !== null);
    if (parts.length === 2) return t("keysStatusJoin", { first: parts[0], second: parts[1] });
    return parts[0] ?? f.score(null);
  };
  return (
    <Table width="auto" data-testid="answer-key-versions">
      <THead>
        <Tr kind="plain" className="text-left">
          <Th pad="none" className="pr-4">
            {t("keysColKey")}
          </Th>
          <Th pad="none" className="pr-4">
            <code>{KEY_PART_TEXT}</code>
          </Th>
          <Th pad="none" className="pr-4">
            {t("keysColImported")}
          </Th>
          <Th pad="none" className="pr-4">
            {t("keysColQuestions")}
          </Th>
          <Th pad="none">{t("keysColStatus")}</Th>
        </Tr>
      </THead>
      <TBody>
        {versions.map((v) => (
          <Tr key={v.contentSha256} kind="plain">
            <Td pad="none" className="pr-4">
              {v.isDemo ? t("keysDemo", { label: v.label }) : v.label}
            </Td>
            <Td pad="none" className="pr-4">
              <code>{v.tag}</code>
            </Td>
            <Td pad="none" className="pr-4">
              {f.date(v.importedAt)}
            </Td>
            <Td pad="none" className="pr-4">
              {f.integer(v.questionCount)}
            </Td>
            <Td pad="none">{status(v)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
