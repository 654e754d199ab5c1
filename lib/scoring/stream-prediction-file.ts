// parsePredictionFile for files too large to hold (the CLI reads local files up to 1 GB): the
// same checks and the same report, read chunk by chunk, keeping no item. Whatever the streaming
// reader cannot vouch for (invalid UTF-8 or JSON, deep nesting, a non-object root, ...) returns
// null: the caller then runs parsePredictionFile on the whole file, which reports it exactly.
// Pass 1 (streamPredictionFile) validates; pass 2 (forEachStreamedItem) re-reads a file that pass 1
// accepted and hands each item to the scorer, so no pass ever holds all predictions.
import type { PredictionItem } from "./types";
import { IssueList } from "./issues";
import { reportComments } from "./json-text";
import { NotStreamable, PredictionLayoutScanner, type LayoutSink } from "./json-stream";
import { checkRoot, checkSize, type ParseOptions, type ParsedFile, type PredictionsShape } from "./validate-file";
import { ItemChecker, predictionItemOf } from "./validate-item";
import { HashedKeyIndex } from "./hashed-key-index";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ITEMS } from "./submission-schema";

export type StreamedFile = Omit<ParsedFile, "items"> & {
  /** Number of items (0 when the file has errors), as parsePredictionFile's items.length. */
  count: number;
  /** Which "predictions" array of the root holds the items (a repeated key: the last one wins). */
  occurrence: number;
};

/** Chunks of the file's bytes in order; one pass may read them only once. */
export type ByteChunks = Iterable<Uint8Array>;

class Decoder {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });

  /** Strict UTF-8 (a leading BOM dropped), across chunk boundaries; NotStreamable when invalid. */
  decode(chunk?: Uint8Array): string {
    try {
      return chunk ? this.decoder.decode(chunk, { stream: true }) : this.decoder.decode();
    } catch {
      throw new NotStreamable("invalid UTF-8");
    }
  }
}

function scanAll(chunks: ByteChunks, sink: LayoutSink): PredictionLayoutScanner {
  const scanner = new PredictionLayoutScanner(sink);
  const decoder = new Decoder();
  for (const chunk of chunks) scanner.push(decoder.decode(chunk));
  scanner.push(decoder.decode());
  scanner.end();
  return scanner;
}

/**
 * Validates a prediction file read as `chunks` (`size` bytes in all): the issues, ok and item
 * count parsePredictionFile would give, or null when it must decide. Memory: one chunk, the
 * largest single value, and a 16-byte hash per item for the duplicate-question check (27-53
 * bytes with the table's free slots).
 */
export function streamPredictionFile(chunks: ByteChunks, size: number, opts: ParseOptions): StreamedFile | null {
  const issues = new IssueList(opts.file);
  const maxItems = opts.maxItems ?? DEFAULT_MAX_ITEMS;
  const result = (count: number, occurrence: number): StreamedFile => {
    const list = issues.finish();
    const ok = !list.some((i) => i.severity === "error");
    return { file: opts.file, split: opts.split, issues: list, ok, count: ok ? count : 0, occurrence };
  };
  if (!checkSize(size, opts.maxBytes ?? DEFAULT_MAX_BYTES, issues)) return result(0, 0);

  // Item issues come after the top-level ones in the report, which are known only at the end.
  const st = { itemIssues: new IssueList(opts.file), shape: { kind: "missing" } as PredictionsShape, occurrence: 0, length: 0 };
  let checker = new ItemChecker(st.itemIssues, new HashedKeyIndex());
  // Object.keys order of the parsed root: a plain object given the keys in file order ("__proto__",
  // the one key where that differs, makes the scanner give up).
  const keys: Record<string, true> = {};
  let commented: boolean;
  try {
    commented = scanAll(chunks, {
      key: (name) => {
        keys[name] = true;
      },
      arrayStart: () => {
        st.occurrence++;
        st.length = 0;
        st.shape = { kind: "array", length: 0 };
        st.itemIssues = new IssueList(opts.file);
        checker = new ItemChecker(st.itemIssues, new HashedKeyIndex());
      },
      item: (value) => {
        // Beyond the limit the file is rejected without item issues: only count (and parse) the rest.
        if (st.length < maxItems) checker.check(value, st.length);
        st.length++;
      },
      value: (key, value) => {
        if (key === "predictions") st.shape = { kind: "other", value };
      },
    }).commented;
  } catch (err) {
    if (err instanceof NotStreamable) return null;
    throw err;
  }
  const shape: PredictionsShape = st.shape.kind === "array" ? { kind: "array", length: st.length } : st.shape;
  if (commented) reportComments(issues);
  if (checkRoot(Object.keys(keys), shape, maxItems, issues)) issues.absorb(st.itemIssues);
  return result(st.length, st.occurrence);
}

/**
 * Pass 2 over a file streamPredictionFile accepted (ok): calls `onItem` with each validated item
 * of the `occurrence`-th "predictions" array, in order. Returns the number of items. Throws if the
 * file no longer reads as it did (it changed in between).
 */
export function forEachStreamedItem(chunks: ByteChunks, occurrence: number, onItem: (item: PredictionItem, index: number) => void): number {
  let seen = 0;
  let index = 0;
  try {
    scanAll(chunks, {
      key: () => {},
      value: () => {},
      arrayStart: () => {
        seen++;
      },
      item: (value) => {
        if (seen !== occurrence) return;
        // Pass 1 ran every check on this item; its fields only need to still be strings.
        const item = predictionItemOf(value);
        if (!item) throw new Error(`prediction ${index} is no longer valid: the file changed while it was being read`);
        onItem(item, index++);
      },
    });
  } catch (err) {
    if (err instanceof NotStreamable) throw new Error(`the file changed while it was being read (${err.message})`);
    throw err;
  }
  return index;
}
