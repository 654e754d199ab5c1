// HTTP side of `h2hmem verify` (public endpoints: no token).
import { createHash } from "node:crypto";
import { apiUrl, HttpApiError, parseError } from "./submit-client";

export type BoardRow = {
  split: string;
  scope: string;
  metric: string;
  aggregate: string;
  value: number;
  ciLow: number | null;
  ciHigh: number | null;
  n: number;
};
export type PublicEntry = {
  id: string;
  methodName: string;
  scorerVersion: string | null;
  publicPredictions?: boolean;
  answerKey?: { label: string; contentSha256: string } | null;
  files: Array<{ split: string; fileName: string; sha256: string; url?: string | null }>;
  scores: BoardRow[];
  /** The entry first, then its replicate runs (docs/SCORING.md §9d). */
  runIds?: string[];
};
export type JudgeScores = {
  scorerVersion: string;
  scores: Array<{ split: string; index: number; judgeScore: number | null }>;
};

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  if (!res.ok) throw new HttpApiError(await parseError(res));
  return (await res.json()) as T;
}

export const fetchEntry = (base: string, id: string) =>
  getJson<PublicEntry>(apiUrl(base, `api/v1/entries/${encodeURIComponent(id)}`));
export const fetchJudgeScores = (base: string, id: string) =>
  getJson<JudgeScores>(apiUrl(base, `api/v1/entries/${encodeURIComponent(id)}/judge-scores`));

export async function fetchFile(base: string, file: PublicEntry["files"][number]): Promise<Uint8Array> {
  const res = await fetch(apiUrl(base, file.url!.replace(/^\//, "")));
  if (!res.ok) throw new HttpApiError(await parseError(res));
  const bytes = new Uint8Array(await res.arrayBuffer());
  const sha = createHash("sha256").update(bytes).digest("hex");
  if (sha !== file.sha256)
    throw new Error(`${file.fileName}: downloaded sha-256 ${sha} differs from the entry's ${file.sha256}`);
  return bytes;
}

export function parseEntryRef(ref: string, url?: string): { base: string; id: string } | null {
  const m = /^(https?:\/\/[^/]+)(?:\/.*)?\/entries\/([^/?#]+)/.exec(ref);
  if (m) return { base: url ?? m[1]!, id: decodeURIComponent(m[2]!) };
  if (/^[\w-]+$/.test(ref) && url) return { base: url, id: ref };
  return null;
}
