import { useTranslations } from "next-intl";
import type { EntryDetail } from "@/lib/server/leaderboard/entries";
import { Section } from "@/components/ui/section";

/** BibTeX key: method slug plus the approval year, stable for a permanent entry link. */
function bibtexFor(e: EntryDetail, url: string): string {
  const year = (e.approvedAt ?? e.createdAt).slice(0, 4);
  const slug =
    e.methodName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "")
      .slice(0, 24) || "entry";
  const esc = (s: string) => s.replace(/[{}\\]/g, "");
  return [
    `@misc{h2hmem_${slug}_${year},`,
    `  title        = {{${esc(e.methodName)}} on the {H2HMem} Leaderboard},`,
    ...(e.organization ? [`  author       = {{${esc(e.organization)}}},`] : []),
    `  year         = {${year}},`,
    `  howpublished = {\\url{${url}}},`,
    `  note         = {H2HMem leaderboard entry ${e.id}, scorer version ${esc(e.scorerVersion ?? "n/a")}}`,
    `}`,
  ].join("\n");
}

export function CiteEntry({ entry, url }: { entry: EntryDetail; url: string }) {
  const t = useTranslations("entry.cite");
  return (
    <Section hid="cite-h" heading={t("heading")} className="space-y-2">
      <pre
        className="overflow-x-auto rounded border border-slate-300 bg-slate-50 p-3 text-xs dark:border-slate-700 dark:bg-slate-900"
        data-testid="bibtex"
        tabIndex={0}
        aria-label={t("label")}
      >
        {bibtexFor(entry, url)}
      </pre>
    </Section>
  );
}
