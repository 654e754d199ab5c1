import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { EntrySource } from "@/lib/server/submissions/source";

/** "Verified from CI" only when a CI OIDC token was verified at upload. */
export function CiSource({ source, webUrl }: { source: EntrySource; webUrl: string }) {
  const t = useTranslations("provenance");
  const repoUrl = `${webUrl}/${source.repo}`;
  const link = (href: string) =>
    function Link(c: ReactNode) {
      return (
        <a href={href} className="underline">
          {c}
        </a>
      );
    };
  return (
    <p data-testid="ci-source" data-verified={source.verified}>
      {source.verified ? (
        <span className="mr-1 inline-block rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50">
          {t("verifiedBadge")}
        </span>
      ) : null}
      {t.rich(source.verified ? "verified" : "stated", { repo: source.repo, repoLink: link(repoUrl) })}
      {source.commit
        ? t.rich("commit", {
            commit: source.commit.slice(0, 12),
            commitLink: (c) => link(`${repoUrl}/commit/${source.commit}`)(<code>{c}</code>),
          })
        : null}
      {source.run ? t.rich("run", { runLink: link(source.run) }) : null}
      {source.ref ? t.rich("ref", { ref: source.ref, code: (c) => <code>{c}</code> }) : null}
      {t(source.verified ? "verifiedEnd" : "statedEnd")}
    </p>
  );
}
