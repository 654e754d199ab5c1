import { useTranslations } from "next-intl";
import type { EntrySource } from "@/lib/server/submissions/source";

/** "Submitted from CI" with links to the repository, commit and run (every part validated at submission). */
export function CiSource({ source, webUrl }: { source: EntrySource; webUrl: string }) {
  const t = useTranslations("entry.ci");
  const repoUrl = `${webUrl}/${source.repo}`;
  return (
    <p data-testid="ci-source">
      {t.rich("line", {
        repo: source.repo,
        repoLink: (c) => (
          <a href={repoUrl} className="underline">
            {c}
          </a>
        ),
      })}
      {source.commit
        ? t.rich("commit", {
            commit: source.commit.slice(0, 12),
            commitLink: (c) => (
              <a href={`${repoUrl}/commit/${source.commit}`} className="underline">
                <code>{c}</code>
              </a>
            ),
          })
        : null}
      {source.run
        ? t.rich("run", {
            runLink: (c) => (
              <a href={source.run ?? undefined} className="underline">
                {c}
              </a>
            ),
          })
        : null}
      {t("end")}
    </p>
  );
}
