// File input for CLI commands: prediction files and the answer-key folder, with usage errors
// (exit 2) for anything the user must fix in the command line itself.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import path from "node:path";
import { loadAnswerKeyDir, type LoadedAnswerKey } from "../lib/server/answer-key/dataset-folder";
import { parsePredictionFile, type ParseOptions } from "../lib/scoring/validate-file";
import { forEachStreamedItem, streamPredictionFile } from "../lib/scoring/stream-prediction-file";
import type { ItemSource, Split } from "../lib/scoring/types";
import type { ValidationIssue } from "../lib/scoring/issues";
import { UsageError } from "./errors";

/** Local files may be much larger than the server's upload limit (contract: >= 100,000 items). */
export const LOCAL_LIMITS = { maxItems: 10_000_000, maxBytes: 1024 * 1024 * 1024 };
const CHUNK_BYTES = 64 * 1024;

/** A checked prediction file: the report, and its items to read (again) one by one. */
export type LocalPredictions = { file: string; split: Split; issues: ValidationIssue[]; ok: boolean; count: number; items: ItemSource };

export function readBytes(file: string): Uint8Array {
  if (!existsSync(file)) throw new UsageError(`file not found: ${file}`);
  if (statSync(file).isDirectory()) throw new UsageError(`expected a file, got a directory: ${file}`);
  return readFileSync(file);
}

/** The file's bytes in chunks of one reused buffer (each chunk is decoded before the next read). */
export function* fileChunks(file: string, chunkBytes = CHUNK_BYTES): Generator<Uint8Array> {
  const fd = openSync(file, "r");
  try {
    const buffer = new Uint8Array(chunkBytes);
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) yield buffer.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * Validates a prediction file without holding it: streamed in chunks (memory flat in the number
 * of predictions), then, when valid, streamed again item by item for scoring. Files the streaming
 * reader cannot vouch for (every kind of broken file, and a few odd valid ones) are parsed whole
 * by parsePredictionFile, which gives the exact report; its result is identical either way.
 */
export function readPredictionFile(file: string, split: Split, limits: { maxItems?: number; maxBytes?: number } = {}): LocalPredictions {
  const opts: ParseOptions = {
    file: path.basename(file),
    split,
    maxItems: limits.maxItems ?? LOCAL_LIMITS.maxItems,
    maxBytes: limits.maxBytes ?? LOCAL_LIMITS.maxBytes,
  };
  if (!existsSync(file)) throw new UsageError(`file not found: ${file}`);
  const stat = statSync(file);
  // Pipes and other special files can be read only once: whole, as before.
  if (stat.isFile()) {
    const streamed = streamPredictionFile(fileChunks(file), stat.size, opts);
    if (streamed) {
      const { occurrence, ...report } = streamed;
      const items: ItemSource = {
        forEach(onItem) {
          if (!report.ok) return;
          const n = forEachStreamedItem(fileChunks(file), occurrence, onItem);
          if (n !== report.count) throw new Error(`${file} changed while it was being read (${n} predictions, was ${report.count})`);
        },
      };
      return { ...report, items };
    }
  }
  const parsed = parsePredictionFile(readBytes(file), opts);
  return { file: parsed.file, split: parsed.split, issues: parsed.issues, ok: parsed.ok, count: parsed.items.length, items: parsed.items };
}

export function readAnswerKey(dir: string): LoadedAnswerKey {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--answer-key must be a folder: ${dir}`);
  const key = loadAnswerKeyDir(dir);
  if (key.questions.length === 0) {
    throw new UsageError(`no questions found under ${dir} (expected dyadic/dialogue*/scenes/session*/questions.json or multi-party/...)`);
  }
  return key;
}

export function parseSplit(raw: string | undefined): Split | undefined {
  if (raw === undefined) return undefined;
  const folded = raw.toLowerCase().replace(/_/g, "-");
  if (folded === "dyadic") return "dyadic";
  if (folded === "multi-party" || folded === "multiparty") return "multi-party";
  throw new UsageError(`--split must be dyadic or multi-party, got "${raw}"`);
}
