import type { EntrySource } from "@/lib/server/submissions/source";

/** "Submitted from CI" with links to the repository, commit and run (every part validated at submission). */
export function CiSource({ source, webUrl }: { source: EntrySource; webUrl: string }) {
  const repoUrl = `${webUrl}/${source.repo}`;
  return (
    <p data-testid="ci-source">
      Submitted from CI: <a href={repoUrl} className="underline">{source.repo}</a>
      {source.commit ? <>, commit <a href={`${repoUrl}/commit/${source.commit}`} className="underline"><code>{source.commit.slice(0, 12)}</code></a></> : null}
      {source.run ? <>, <a href={source.run} className="underline">workflow run</a></> : null}.
    </p>
  );
}
