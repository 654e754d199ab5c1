import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ScoreTables } from "@/components/ui/score-table";
import { formatBytes } from "@/components/ui/format";
import { isAppError } from "@/lib/server/errors";
import { getPublicEntry } from "@/lib/server/queries/entries";

export const metadata: Metadata = { title: "Entry" };

export default async function EntryPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  const aggregate = (await searchParams).aggregate === "macro" ? "macro" : "micro";
  const entry = await getPublicEntry(id).catch((e: unknown) => {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold" data-testid="entry-title">{entry.methodName}</h1>
        <p className="text-slate-700 dark:text-slate-300">
          {[entry.organization, entry.modality, entry.backbone, entry.memoryMethod].filter(Boolean).join(" · ")}
          {entry.isBaseline ? " · baseline" : ""}
        </p>
        {entry.description ? <p className="mt-2 max-w-3xl whitespace-pre-wrap">{entry.description}</p> : null}
        <p className="mt-2 flex gap-4 text-sm">
          {entry.paperUrl ? <a href={entry.paperUrl} rel="noopener noreferrer nofollow">Paper</a> : null}
          {entry.codeUrl ? <a href={entry.codeUrl} rel="noopener noreferrer nofollow">Code</a> : null}
        </p>
      </div>
      <nav aria-label="Average" className="text-sm">
        <a href={`/entries/${entry.id}`} aria-current={aggregate === "micro" ? "page" : undefined}>Micro average</a>
        {" · "}
        <a href={`/entries/${entry.id}?aggregate=macro`} aria-current={aggregate === "macro" ? "page" : undefined}>Macro average</a>
      </nav>
      <ScoreTables rows={entry.scores} aggregate={aggregate} />
      <section aria-labelledby="prov-h" className="text-sm">
        <h2 id="prov-h" className="text-lg font-semibold">Provenance</h2>
        <p>Scorer version <code>{entry.scorerVersion ?? "–"}</code>; scored {entry.scoredAt?.slice(0, 10) ?? "–"}.</p>
        <ul>
          {entry.files.map((f) => (
            <li key={f.split}>{f.split}: {formatBytes(f.size)}, sha-256 <code className="break-all">{f.sha256}</code></li>
          ))}
        </ul>
      </section>
    </div>
  );
}
