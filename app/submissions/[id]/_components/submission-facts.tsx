import type { SubmissionView } from "@/lib/server/submissions/submission-views";
import { formatBytes } from "@/components/ui/format";

/** Method card and file hashes (sha-256 of the uploaded bytes, for reproducibility). */
export function SubmissionFacts({ view }: { view: SubmissionView }) {
  const card: Array<[string, string | null]> = [
    ["Organization", view.organization],
    ["Modality", view.modality],
    ["Backbone", view.backbone],
    ["Memory method", view.memoryMethod],
    ["Description", view.description],
  ];
  return (
    <section aria-labelledby="facts-h" className="space-y-3">
      <h2 id="facts-h" className="text-lg font-semibold">Method card and files</h2>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {card.filter(([, v]) => v).map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium">{k}</dt>
            <dd className="whitespace-pre-wrap">{v}</dd>
          </div>
        ))}
        {view.paperUrl ? (<><dt className="font-medium">Paper</dt><dd><a href={view.paperUrl} rel="noopener noreferrer nofollow">{view.paperUrl}</a></dd></>) : null}
        {view.codeUrl ? (<><dt className="font-medium">Code</dt><dd><a href={view.codeUrl} rel="noopener noreferrer nofollow">{view.codeUrl}</a></dd></>) : null}
        <dt className="font-medium">Submitted</dt>
        <dd>{view.createdAt.replace("T", " ").slice(0, 19)} UTC</dd>
      </dl>
      <ul className="space-y-1 text-sm" data-testid="file-hashes">
        {view.files.map((f) => (
          <li key={f.split}>
            <span className="font-medium">{f.split}</span>: {f.fileName} ({formatBytes(f.size)}), sha-256 <code className="break-all">{f.sha256}</code>{" "}
            <a href={`/api/v1/submissions/${view.id}/files/${f.split}`} download={f.fileName} className="underline">
              Download<span className="sr-only"> {f.fileName}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
