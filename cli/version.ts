// `h2hmem --version`: the CLI's version and the scorer version its numbers carry (the server's
// scores name the same string). A build stamps both (scripts/build/bundles.mjs: H2HMEM_BUILD), so
// the compiled CLI answers without loading the scorer; from source they are read on the spot.
import { readFileSync } from "node:fs";

declare const H2HMEM_BUILD: { version: string; scorer: string } | undefined;

export type VersionInfo = { version: string; scorer: string };

export async function versionInfo(): Promise<VersionInfo> {
  if (typeof H2HMEM_BUILD !== "undefined") return H2HMEM_BUILD;
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  const { scorerVersionFor } = await import("../lib/scoring");
  return { version: pkg.version, scorer: scorerVersionFor() };
}

export async function versionLine(): Promise<string> {
  const v = await versionInfo();
  return `h2hmem ${v.version} (scorer ${v.scorer})`;
}
