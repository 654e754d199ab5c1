import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getFormat } from "@/lib/i18n/server";
import { unresolvedDisputes } from "@/lib/server/disputes/dispute-views";
import { Section } from "@/components/ui/section";

/** Disputes awaiting a resolution; each is resolved on its entry's page. Nothing when there are none. */
export async function OpenDisputes() {
  const [rows, t, td, f] = await Promise.all([
    unresolvedDisputes(),
    getTranslations("admin"),
    getTranslations("entry.disputes"),
    getFormat(),
  ]);
  if (rows.length === 0) return null;
  return (
    <Section hid="open-disputes-h" heading={t("openDisputes")} data-testid="open-disputes">
      <ul className="list-disc pl-5 text-sm">
        {rows.map((d) => (
          <li key={d.id}>
            <Link href={`/entries/${d.submissionId}#dispute-${d.id}`}>{d.methodName}</Link>
            {` · ${td(`types.${d.type}`)} · ${td(`states.${d.state}`)} · ${f.dateTime(d.createdAt)}`}
          </li>
        ))}
      </ul>
    </Section>
  );
}
