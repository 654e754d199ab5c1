import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";

export const CLI_DOWNLOAD_PATH = "/downloads/h2hmem.mjs";

/** The oldest Node the single-file CLI supports (the LTS lines; it still starts on 20, past its end of life).
 *  The Submit and About pages say it from here; README's "Scoring locally" says the same (a test holds them). */
export const CLI_NODE_MAJOR = 22;

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
