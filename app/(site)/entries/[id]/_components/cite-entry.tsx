import { useTranslations } from "next-intl";
import type { EntryDetail } from "@/lib/server/leaderboard/entries";
import { Section } from "@/components/ui/section";
import { bibtexFor } from "./bibtex";

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
