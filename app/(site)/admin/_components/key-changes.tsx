import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { keyChangesOfVersions } from "@/lib/server/operations/errata";

/** Beside the rank-diff preview: the gold answers the `to` version's key changes, with the accepted reports behind them. */
export async function KeyChanges({ from, to }: { from: string; to: string }) {
  const [changes, t] = await Promise.all([keyChangesOfVersions(from, to), getTranslations("admin.goldReports")]);
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="key-changes-h" className="space-y-1 text-sm" data-testid="key-changes">
      <h3 id="key-changes-h" className="font-semibold">
        {t("keyChanges", { count: changes.length })}
      </h3>
      <ul className="list-disc pl-5">
        {changes.map((c) => (
          <li key={c.qid}>
            <Link href={`/questions/${c.qid}#reports`}>{c.qid}</Link>:{" "}
            {t("change", { before: c.before, after: c.after })}{" "}
            {c.reports.length > 0 ? t("fromReports", { ids: c.reports.join(", ") }) : t("noReport")}
          </li>
        ))}
      </ul>
    </section>
  );
}
