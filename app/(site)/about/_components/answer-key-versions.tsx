import { formatter } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { KEY_PART_TEXT, keyTagOfVersion } from "@/lib/server/versions/version-text";
import { listAnswerKeyVersions } from "@/lib/server/answer-key/active-info";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";

/**
 * The answer key versions with dates and question counts, and which one the board's numbers belong to.
 * Takes the locale (not next-intl's request config) so it also renders outside a page (tests).
 */
export async function AnswerKeyVersions({ locale }: { locale: Locale }) {
  const [versions, published, t] = await Promise.all([listAnswerKeyVersions(), publishedScorerVersion(), translator(locale, "about")]);
  const f = formatter(locale);
  if (versions.length === 0) return <p>{t("keysNone")}</p>;
  const status = (v: (typeof versions)[number]) => {
    const parts = [keyTagOfVersion(published) === v.tag ? t("keysPublished") : null, v.active ? t("keysActive") : null].filter((p) => p !== null);
    if (parts.length === 2) return t("keysStatusJoin", { first: parts[0], second: parts[1] });
    return parts[0] ?? f.score(null);
  };
  return (
    <table className="text-sm" data-testid="answer-key-versions">
      <thead>
        <tr className="text-left"><th className="pr-4">{t("keysColKey")}</th><th className="pr-4"><code>{KEY_PART_TEXT}</code></th><th className="pr-4">{t("keysColImported")}</th><th className="pr-4">{t("keysColQuestions")}</th><th>{t("keysColStatus")}</th></tr>
      </thead>
      <tbody>
        {versions.map((v) => (
          <tr key={v.contentSha256}>
            <td className="pr-4">{v.isDemo ? t("keysDemo", { label: v.label }) : v.label}</td>
            <td className="pr-4"><code>{v.tag}</code></td>
            <td className="pr-4">{f.date(v.importedAt)}</td>
            <td className="pr-4">{f.integer(v.questionCount)}</td>
            <td>{status(v)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
