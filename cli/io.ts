// File input for CLI commands: prediction files and the answer-key folder, with usage errors
// (exit 2) for anything the user must fix in the command line itself.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { loadAnswerKeyDir, type LoadedAnswerKey } from "../lib/answer-key-fs";
import { parsePredictionFile, type ParsedFile } from "../lib/scoring/validate-file";
import type { Split } from "../lib/scoring/types";
import { UsageError } from "./errors";

/** Local files may be much larger than the server's upload limit (contract: >= 100,000 items). */
export const LOCAL_LIMITS = { maxItems: 10_000_000, maxBytes: 1024 * 1024 * 1024 };

export function readBytes(file: string): Uint8Array {
  if (!existsSync(file)) throw new UsageError(`file not found: ${file}`);
  if (statSync(file).isDirectory()) throw new UsageError(`expected a file, got a directory: ${file}`);
  return readFileSync(file);
}

export function readPredictionFile(file: string, split: Split, limits: { maxItems?: number; maxBytes?: number } = {}): ParsedFile {
  return parsePredictionFile(readBytes(file), {
    file: path.basename(file),
    split,
    maxItems: limits.maxItems ?? LOCAL_LIMITS.maxItems,
    maxBytes: limits.maxBytes ?? LOCAL_LIMITS.maxBytes,
  });
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
