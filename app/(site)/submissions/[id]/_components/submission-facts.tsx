import type { SubmissionView } from "@/lib/server/submissions/submission-views";
import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { Section } from "@/components/ui/section";
import { TrackNote } from "@/components/submissions/track-note";

export function SubmissionFacts({ view }: { view: SubmissionView }) {
  const t = useTranslations("submissions");
  const f = formatter(useLocale() as Locale);
  const card: Array<[string, string | null]> = [
    [t("organization"), view.organization],
    [t("modality"), view.modality],
    [t("backbone"), view.backbone],
    [t("memoryMethod"), view.memoryMethod],
    [t("description"), view.description],
  ];
  return (
    <Section hid="facts-h" heading={t("facts")} className="space-y-3">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {card
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium">{k}</dt>
              <dd className="whitespace-pre-wrap">{v}</dd>
            </div>
          ))}
        {[
          [t("paper"), view.paperUrl],
          [t("code"), view.codeUrl],
        ].map(([k, url]) =>
          url ? (
            <div key={k} className="contents">
              <dt className="font-medium">{k}</dt>
              <dd>
                <a href={url} rel="noopener noreferrer nofollow">
                  {url}
                </a>
              </dd>
            </div>
          ) : null,
        )}
        <dt className="font-medium">{t("submittedAt")}</dt>
        <dd>{f.dateTime(view.createdAt)}</dd>
      </dl>
      <TrackNote card={view} />
      <ul className="space-y-1 text-sm" data-testid="file-hashes">
        {view.files.map((file) => (
          <li key={file.split}>
            <span className="font-medium">{file.split}</span>: {file.fileName}{" "}
            {t("fileSize", { size: f.bytes(file.size) })} <code className="break-all">{file.sha256}</code>{" "}
            <a
              href={`/api/v1/submissions/${view.id}/files/${file.split}`}
              download={file.fileName}
              className="underline"
            >
              {t("download")}
              <span className="sr-only"> {file.fileName}</span>
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
