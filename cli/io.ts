// File input for CLI commands; a usage error (exit 2) for anything to fix in the command line.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import path from "node:path";
import type { LoadedAnswerKey } from "../lib/server/answer-key/dataset-folder";
import type { Split } from "../lib/scoring/types";
import { parsePredictionFile, type ParsedFile, type ValidationIssue } from "../lib/scoring/validate";
import { UsageError } from "./errors";
import { LOCAL_LIMITS, LOCAL_MAX_BYTES } from "./limits";

export { LOCAL_MAX_BYTES };

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;

function tooLarge(name: string, size: number, more: boolean): ValidationIssue {
  return {
    severity: "error",
    code: "TOO_LARGE",
    file: name,
    path: "",
    message: `${name} has ${more ? "more than " : ""}${size.toLocaleString("en-US")} bytes (${mib(size)}); h2hmem reads prediction files of up to ${LOCAL_MAX_BYTES.toLocaleString("en-US")} bytes (${mib(LOCAL_MAX_BYTES)}).`,
    fix: "A full H2HMem submission is about 1 MB (2,236 predictions): check that this is the right file. To score more predictions locally, split them into files under the limit and score each.",
    params: { size, limit: LOCAL_MAX_BYTES },
  };
}

/** Checks the size before reading, so a huge file is never loaded. */
export function readLocalFile(file: string): { bytes: Uint8Array } | { issue: ValidationIssue } {
  if (!existsSync(file)) throw new UsageError(`file not found: ${file}`);
  const stat = statSync(file);
  if (stat.isDirectory()) throw new UsageError(`expected a file, got a directory: ${file}`);
  const name = path.basename(file);
  if (stat.isFile())
    return stat.size > LOCAL_MAX_BYTES ? { issue: tooLarge(name, stat.size, false) } : { bytes: readFileSync(file) };
  const chunks: Uint8Array[] = [];
  let total = 0;
  const fd = openSync(file, "r");
  try {
    for (;;) {
      const chunk = new Uint8Array(1 << 20);
      const n = readSync(fd, chunk);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > LOCAL_MAX_BYTES) return { issue: tooLarge(name, LOCAL_MAX_BYTES, true) };
    }
  } finally {
    closeSync(fd);
  }
  return { bytes: Buffer.concat(chunks) };
}

export function readPredictionFile(
  file: string,
  split: Split,
  limits: { maxItems?: number; maxBytes?: number; maxAnswerChars?: number } = {},
): ParsedFile {
  const name = path.basename(file);
  const read = readLocalFile(file);
  if ("issue" in read) return { file: name, split, items: [], issues: [read.issue], ok: false };
  return parsePredictionFile(read.bytes, {
    file: name,
    split,
    maxItems: limits.maxItems ?? LOCAL_LIMITS.maxItems,
    maxBytes: limits.maxBytes ?? LOCAL_LIMITS.maxBytes,
    maxAnswerChars: limits.maxAnswerChars,
  });
}

export async function readAnswerKey(dir: string): Promise<LoadedAnswerKey> {
  const { datasetLayoutProblem, loadAnswerKeyDir } = await import("../lib/server/answer-key/dataset-folder");
  const key = loadAnswerKeyDir(dir);
  if (key.files.length === 0) throw new UsageError(`--answer-key ${dir}: ${datasetLayoutProblem(dir)}`);
  if (key.questions.length === 0)
    throw new UsageError(`--answer-key ${dir}: its ${key.files.length} questions.json files hold no questions`);
  return key;
}

export function parseSplit(raw: string | undefined): Split | undefined {
  if (raw === undefined) return undefined;
  const folded = raw.toLowerCase().replace(/_/g, "-");
  if (folded === "dyadic") return "dyadic";
  if (folded === "multi-party" || folded === "multiparty") return "multi-party";
  throw new UsageError(`--split must be dyadic or multi-party, got "${raw}"`);
}
