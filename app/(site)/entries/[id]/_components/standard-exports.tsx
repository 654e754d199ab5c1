import { getTranslations } from "next-intl/server";
import { RICH_TAGS } from "@/components/ui/rich-text";
import type { EntryDetail } from "@/lib/server/leaderboard/entries";
import { hfEvalResultsYaml } from "@/lib/server/exports/hf-eval-results";
import { CopyButton } from "./copy-button";
import { Section } from "@/components/ui/section";

const pre =
  "max-h-64 overflow-auto rounded border border-slate-300 bg-slate-50 p-3 text-xs dark:border-slate-700 dark:bg-slate-900";

/** The Every Eval Ever JSON is linked, not shown: it is large. */
export async function StandardExports({ entry, origin }: { entry: EntryDetail; origin: string }) {
  const t = await getTranslations("exports");
  const yaml = hfEvalResultsYaml(entry, origin);
  const base = `/api/v1/entries/${entry.id}`;
  const copy = { label: t("copy"), copiedLabel: t("copied") };
  return (
    <Section hid="exports-h" heading={t("heading")} className="space-y-3" data-testid="standard-exports">
      <div className="space-y-2">
        <h3 className="font-medium">{t("hfHeading")}</h3>
        <p className="text-sm">{t.rich("hfText", RICH_TAGS)}</p>
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <CopyButton text={yaml} testId="copy-hf-yaml" {...copy} />
          <a href={`${base}/hf-eval-results.yaml`}>{t("download")}</a>
        </p>
        <pre className={pre} tabIndex={0} aria-label={t("hfLabel")} data-testid="hf-yaml">
          {yaml}
        </pre>
      </div>
      <div className="space-y-2">
        <h3 className="font-medium">{t("eeeHeading")}</h3>
        <p className="text-sm">{t.rich("eeeText", RICH_TAGS)}</p>
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <CopyButton href={`${base}/eee.json`} testId="copy-eee-json" {...copy} />
          <a href={`${base}/eee.json`}>{t("show")}</a>
        </p>
      </div>
    </Section>
  );
}
