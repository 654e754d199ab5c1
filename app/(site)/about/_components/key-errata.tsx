import Link from "next/link";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { listAnswerKeyVersions } from "@/lib/server/answer-key/active-info";
import { keyChanges } from "@/lib/server/operations/errata";

/** Each key version's corrected gold answers against the version imported before it, with their accepted reports. */
export async function KeyErrata({ locale }: { locale: Locale }) {
  const [versions, t] = await Promise.all([listAnswerKeyVersions(), translator(locale, "about")]);
  const oldestFirst = versions.toReversed();
  const changes = await Promise.all(oldestFirst.map((v, i) => keyChanges(oldestFirst[i - 1]?.tag ?? null, v.tag)));
  const withChanges = oldestFirst.map((v, i) => ({ v, changes: changes[i]! })).filter((x) => x.changes.length > 0);
  if (withChanges.length === 0) return null;
  return (
    <section aria-labelledby="key-errata-h" className="space-y-2" data-testid="key-errata">
      <h2 id="key-errata-h" className="text-lg font-semibold">
        {t("errataHeading")}
      </h2>
      {withChanges.toReversed().map(({ v, changes: list }) => (
        <div key={v.tag}>
          <p className="font-medium">{t("errataOf", { label: v.label, count: list.length })}</p>
          <ul className="list-disc pl-5 text-sm">
            {list.map((c) => (
              <li key={c.qid}>
                <Link href={`/questions/${c.qid}#reports`}>{c.qid}</Link>:{" "}
                {t("errataChange", { before: c.before, after: c.after })}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
