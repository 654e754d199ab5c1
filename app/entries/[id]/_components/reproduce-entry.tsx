import type { EntryDetail } from "@/lib/server/leaderboard/entries";

/** How a reader re-scores this entry: the public files and the `h2hmem verify` command. */
export function ReproduceEntry({ entry, url }: { entry: EntryDetail; url: string }) {
  const command = `npx h2hmem verify ${url}${entry.answerKey ? " --answer-key <official dataset folder>" : ""}`;
  return (
    <section aria-labelledby="repro-h" className="space-y-2 text-sm">
      <h2 id="repro-h" className="text-lg font-semibold">Reproduce these numbers</h2>
      {entry.publicPredictions ? (
        <>
          <p>The author made the prediction files public. Download them (their sha-256 is above) and re-score them locally:</p>
          <ul data-testid="public-files">
            {entry.files.map((f) => (
              <li key={f.split}><a href={f.url ?? undefined} className="underline">{f.fileName}</a> ({f.split})</li>
            ))}
          </ul>
          <pre className="overflow-x-auto rounded border border-slate-300 bg-slate-50 p-3 text-xs dark:border-slate-700 dark:bg-slate-900" data-testid="verify-command" tabIndex={0} aria-label="Verify command">
            {command}
          </pre>
          <p>
            It downloads the files, checks their hashes, re-computes every lexical number with scorer <code>{entry.scorerVersion ?? "–"}</code>
            {entry.answerKey ? <> against answer key <code>{entry.answerKey.label}</code> (sha-256 <code className="break-all">{entry.answerKey.contentSha256}</code>)</> : null},
            re-aggregates the stored per-question judge scores, and exits 0 only if every number on the board matches.
          </p>
        </>
      ) : (
        <p data-testid="predictions-private">The author keeps the prediction files private; the hashes above identify the files that were scored.</p>
      )}
    </section>
  );
}
