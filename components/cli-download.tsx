import type { CliFileInfo } from "@/lib/server/downloads/cli-file";

// The single-file CLI offer (About and Submit pages): link, version, scorer version and sha256, so an
// author can check the download (`sha256sum h2hmem.mjs`) and see it scores with this server's scorer.
export function CliDownload({ info, href }: { info: CliFileInfo | null; href: string }) {
  if (!info) return <p className="text-sm text-slate-600 dark:text-slate-400">The single-file CLI is not built on this server.</p>;
  return (
    <div className="space-y-1 text-sm" data-testid="cli-download">
      <p>
        <a href={href} download className="font-semibold underline">Download h2hmem.mjs</a> ({(info.bytes / 1024).toFixed(0)} KiB, needs only
        Node 20 or newer): <code>node h2hmem.mjs validate prediction_dyadic.json</code>, <code>node h2hmem.mjs score --dyadic F --multiparty F</code>.
      </p>
      <p>
        Version <code data-testid="cli-version">{info.version}</code>, scorer <code data-testid="cli-scorer">{info.scorer}</code> (the same numbers as
        this server&apos;s lexical scores), sha256 <code className="break-all" data-testid="cli-sha256">{info.sha256}</code>
      </p>
    </div>
  );
}
