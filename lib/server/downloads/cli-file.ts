import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";

// The single-file CLI that `npm run build` writes (scripts/build/bundles.mjs): dist/h2hmem.mjs and,
// beside it, dist/h2hmem.json with its version, scorer version, sha256 and size. The web serves the
// file at CLI_DOWNLOAD_PATH and shows the rest on the About and Submit pages. Read once per process
// (a new build means a new deployment); null when this checkout has not been built.

export const CLI_DOWNLOAD_PATH = "/downloads/h2hmem.mjs";

export type CliFileInfo = { version: string; scorer: string; sha256: string; bytes: number };

const DIST = path.join(process.cwd(), "dist");
const cached = new Map<string, CliFileInfo | null>();

export function cliFileInfo(dist = DIST): CliFileInfo | null {
  if (cached.has(dist)) return cached.get(dist)!;
  let info: CliFileInfo | null = null;
  try {
    const meta = JSON.parse(readFileSync(path.join(dist, "h2hmem.json"), "utf8")) as CliFileInfo;
    info = { version: meta.version, scorer: meta.scorer, sha256: meta.sha256, bytes: meta.bytes };
  } catch {
    // not built
  }
  cached.set(dist, info);
  return info;
}

/** The file's bytes (read per request: 0.8 MB, rarely fetched), or null when not built. */
export function cliFileBytes(dist = DIST): Buffer | null {
  try {
    return readFileSync(path.join(dist, "h2hmem.mjs"));
  } catch {
    return null;
  }
}
