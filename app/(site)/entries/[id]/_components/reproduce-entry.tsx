import { useTranslations } from "next-intl";
import type { EntryDetail } from "@/lib/server/leaderboard/entries";
import { RICH_TAGS } from "@/components/ui/rich-text";
import { Section } from "@/components/ui/section";

export function ReproduceEntry({ entry, url }: { entry: EntryDetail; url: string }) {
  const t = useTranslations("entry.reproduce");
  const command = `npx h2hmem verify ${url}${entry.answerKey ? " --answer-key <official dataset folder>" : ""}`;
  const version = entry.scorerVersion ?? "–";
  return (
    <Section hid="repro-h" heading={t("heading")} className="space-y-2 text-sm">
      {entry.publicPredictions ? (
        <>
          <p>{t("public")}</p>
          <ul data-testid="public-files">
            {entry.files.map((f) => (
              <li key={f.split}>
                <a href={f.url ?? undefined} className="underline">
                  {f.fileName}
                </a>{" "}
                ({f.split})
              </li>
            ))}
          </ul>
          <pre
            className="overflow-x-auto rounded border border-slate-300 bg-slate-50 p-3 text-xs dark:border-slate-700 dark:bg-slate-900"
            data-testid="verify-command"
            tabIndex={0}
            aria-label={t("commandLabel")}
          >
            {command}
          </pre>
          <p>
            {entry.answerKey
              ? t.rich("explainKey", {
                  ...RICH_TAGS,
                  code: (c) => <code className="break-all">{c}</code>,
                  version,
                  label: entry.answerKey.label,
                  sha: entry.answerKey.contentSha256,
                })
              : t.rich("explain", { ...RICH_TAGS, version })}
          </p>
        </>
      ) : (
        <p data-testid="predictions-private">{t("private")}</p>
      )}
    </Section>
  );
}
