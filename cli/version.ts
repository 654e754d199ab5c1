// `h2hmem --version`; a build stamps both versions so the compiled CLI answers without loading the scorer.
import { readFileSync } from "node:fs";

type VersionInfo = { version: string; scorer: string };
declare const H2HMEM_BUILD: VersionInfo | undefined;

async function versionInfo(): Promise<VersionInfo> {
  if (typeof H2HMEM_BUILD !== "undefined") return H2HMEM_BUILD;
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  const { scorerVersionFor } = await import("../lib/scoring");
  return { version: pkg.version, scorer: scorerVersionFor() };
}

export async function versionLine(): Promise<string> {
  const v = await versionInfo();
  return `h2hmem ${v.version} (scorer ${v.scorer})`;
}
