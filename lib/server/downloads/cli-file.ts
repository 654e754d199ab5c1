import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";

export const CLI_DOWNLOAD_PATH = "/downloads/h2hmem.mjs";

export type CliFileInfo = { version: string; scorer: string; sha256: string; bytes: number };

const DIST = path.join(process.cwd(), "dist");
export function cliFileInfo(dist = DIST): CliFileInfo | null {
  try {
    const meta = JSON.parse(readFileSync(path.join(dist, "h2hmem.json"), "utf8")) as CliFileInfo;
    return { version: meta.version, scorer: meta.scorer, sha256: meta.sha256, bytes: meta.bytes };
  } catch {
    return null; // not built
  }
}

/** Read per request: 0.8 MB, rarely fetched. */
export function cliFileBytes(dist = DIST): Buffer | null {
  try {
    return readFileSync(path.join(dist, "h2hmem.mjs"));
  } catch {
    return null;
  }
}
