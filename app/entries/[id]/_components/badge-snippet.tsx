/** The README badge: a Shields endpoint badge linking back to the entry. */
export function badgeMarkdown(entryUrl: string): string {
  const badgeUrl = `${entryUrl.replace(/\/entries\//, "/api/v1/entries/")}/badge.json`;
  return `[![H2HMem](https://img.shields.io/endpoint?url=${encodeURIComponent(badgeUrl)})](${entryUrl})`;
}

export function BadgeSnippet({ url }: { url: string }) {
  return (
    <section aria-labelledby="badge-h" className="space-y-2">
      <h2 id="badge-h" className="text-lg font-semibold">Badge for your README</h2>
      <p className="text-sm">Shows this entry&apos;s rank and headline score; it follows the board (cached for a few minutes).</p>
      <pre className="overflow-x-auto rounded border border-slate-300 bg-slate-50 p-3 text-xs dark:border-slate-700 dark:bg-slate-900" data-testid="badge-markdown" tabIndex={0} aria-label="Badge Markdown">
        {badgeMarkdown(url)}
      </pre>
    </section>
  );
}
