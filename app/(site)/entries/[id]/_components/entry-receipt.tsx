import { useTranslations } from "next-intl";
import { Section } from "@/components/ui/section";

// Issue 49: the signed receipt and how to check it (docs/TRUST.md); plain links, no JavaScript.
export function EntryReceipt({ id }: { id: string }) {
  const t = useTranslations("entry.receipt");
  const file = `h2hmem-receipt-${id}.jws`;
  const command = `npx h2hmem receipt verify ${file} --jwks jwks.json [--dyadic prediction_dyadic.json --multiparty prediction_multiparty.json]`;
  return (
    <Section hid="receipt-h" heading={t("heading")} className="space-y-2 text-sm" data-testid="entry-receipt">
      <p>{t("text")}</p>
      <p className="flex flex-wrap gap-4">
        <a href={`/api/v1/entries/${id}/receipt`} download={file} data-testid="receipt-link">
          {t("download")}
        </a>
        <a href="/.well-known/jwks.json" download="jwks.json" data-testid="jwks-link">
          {t("keys")}
        </a>
      </p>
      <p>{t("howTo")}</p>
      <pre
        className="overflow-x-auto rounded border border-slate-300 bg-slate-50 p-3 text-xs dark:border-slate-700 dark:bg-slate-900"
        data-testid="receipt-command"
        tabIndex={0}
        aria-label={t("commandLabel")}
      >
        {command}
      </pre>
    </Section>
  );
}
