import { useTranslations } from "next-intl";
import { Section } from "@/components/ui/section";
import { receiptUrlOf } from "./bibtex";

export function badgeMarkdown(entryUrl: string): string {
  const badgeUrl = `${entryUrl.replace(/\/entries\//, "/api/v1/entries/")}/badge.json`;
  const badge = `[![H2HMem](https://img.shields.io/endpoint?url=${encodeURIComponent(badgeUrl)})](${entryUrl})`;
  return `${badge} ([signed receipt](${receiptUrlOf(entryUrl)}))`;
}

export function BadgeSnippet({ url }: { url: string }) {
  const t = useTranslations("entry.badge");
  return (
    <Section hid="badge-h" heading={t("heading")} className="space-y-2">
      <p className="text-sm">{t("text")}</p>
      <pre
        className="overflow-x-auto rounded border border-slate-300 bg-slate-50 p-3 text-xs dark:border-slate-700 dark:bg-slate-900"
        data-testid="badge-markdown"
        tabIndex={0}
        aria-label={t("label")}
      >
        {badgeMarkdown(url)}
      </pre>
    </Section>
  );
}
