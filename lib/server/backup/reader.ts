import "server-only";
import { createHash, type Hash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import type { z } from "zod";
import { AppError } from "../errors";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  countNewlines,
  END_OF_DATA,
  headerSchema,
  tableEndSchema,
  tableStartSchema,
  trailerSchema,
  type BackupHeader,
} from "./format";

// A table's "end" is yielded only once its checksum matched, so a transaction can roll back on any throw.

export type BackupEvent =
  | { kind: "header"; header: BackupHeader }
  | { kind: "start"; table: string; columns: string[] }
  | { kind: "data"; chunk: Buffer }
  | { kind: "end"; table: string; rows: number };

const bad = (message: string) => new AppError("VALIDATION_FAILED", `invalid backup file: ${message}`);
const TERMINATOR = END_OF_DATA;
const MAX_CONTROL_LINE = 64 * 1024 * 1024;

function parseLine<S extends z.ZodType>(schema: S, line: Buffer, what: string): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(line.toString("utf8"));
  } catch {
    throw bad(`expected the ${what} line, found ${JSON.stringify(line.subarray(0, 80).toString("utf8"))}`);
  }
  const r = schema.safeParse(value);
  if (!r.success)
    throw bad(`malformed ${what} line (${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")})`);
  return r.data;
}

/** "-" for stdin. */
export function openBackup(file: string): Readable {
  if (file === "-") return process.stdin.pipe(createGunzip());
  if (!existsSync(file)) throw new AppError("NOT_FOUND", `backup file not found: ${file}`);
  return createReadStream(file).pipe(createGunzip());
}

function findTerminator(buf: Buffer, atLineStart: boolean): number {
  for (let i = buf.indexOf(TERMINATOR); i !== -1; i = buf.indexOf(TERMINATOR, i + 1)) {
    if (i === 0 ? atLineStart : buf[i - 1] === 10) return i;
  }
  return -1;
}

type State = "header" | "start" | "data" | "end" | "trailer" | "done";

export async function* readBackup(input: AsyncIterable<Buffer>): AsyncGenerator<BackupEvent> {
  let header: BackupHeader | undefined;
  let tableIdx = 0;
  let state: State = "header";
  // onLine() changes the state behind the compiler's back: read it through this in the loop.
  const current = (): State => state;
  let pending: Buffer = Buffer.alloc(0); // bytes not consumed yet
  let hash: Hash = createHash("sha256");
  let rows = 0;
  let atLineStart = true; // in data mode: does `pending` begin a line?
  const ends: Record<string, { rows: number; sha256: string }> = {};

  function* onLine(line: Buffer): Generator<BackupEvent> {
    if (state === "header") {
      let head: { format?: unknown; formatVersion?: unknown } = {};
      try {
        head = JSON.parse(line.toString("utf8")) as typeof head;
      } catch {
        // reported below
      }
      if (head.format !== BACKUP_FORMAT) throw bad("not an h2hmem backup (first line has no format h2hmem-backup)");
      if (head.formatVersion !== BACKUP_FORMAT_VERSION)
        throw bad(
          `format version ${String(head.formatVersion)} is not supported (this code reads version ${BACKUP_FORMAT_VERSION})`,
        );
      header = parseLine(headerSchema, line, "header");
      yield { kind: "header", header };
      state = header.tables.length > 0 ? "start" : "trailer";
    } else if (state === "start") {
      const start = parseLine(tableStartSchema, line, "table start");
      const expected = header!.tables[tableIdx];
      if (start.table !== expected.name) throw bad(`expected table ${expected.name}, found ${start.table}`);
      hash = createHash("sha256");
      rows = 0;
      atLineStart = true;
      state = "data";
      yield { kind: "start", table: start.table, columns: start.columns };
    } else if (state === "end") {
      const end = parseLine(tableEndSchema, line, "table end");
      const name = header!.tables[tableIdx].name;
      const sha256 = hash.digest("hex");
      if (end.table !== name) throw bad(`expected the end of table ${name}, found ${end.table}`);
      if (end.sha256 !== sha256)
        throw bad(
          `checksum mismatch in table ${name} (file says ${end.sha256.slice(0, 12)}…, rows hash to ${sha256.slice(0, 12)}…): the file is corrupted`,
        );
      if (end.rows !== rows) throw bad(`table ${name} should have ${end.rows} rows, the file holds ${rows}`);
      ends[name] = { rows, sha256 };
      tableIdx++;
      state = tableIdx < header!.tables.length ? "start" : "trailer";
      yield { kind: "end", table: name, rows };
    } else if (state === "trailer") {
      const trailer = parseLine(trailerSchema, line, "trailer");
      if (JSON.stringify(trailer.tables) !== JSON.stringify(ends))
        throw bad("the trailer's row counts and checksums do not match the tables");
      state = "done";
    } else {
      throw bad("unexpected data after the trailer");
    }
  }

  for await (const chunk of input) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length > 0) {
      if (current() === "data") {
        const at = findTerminator(pending, atLineStart);
        // Hold back the last two bytes: they might begin a terminator completed by the next chunk.
        const usable = at !== -1 ? at : Math.max(0, pending.length - 2);
        if (usable > 0) {
          const data = pending.subarray(0, usable);
          hash.update(data);
          rows += countNewlines(data);
          atLineStart = data[data.length - 1] === 10;
          yield { kind: "data", chunk: data };
        }
        if (at === -1) {
          pending = Buffer.from(pending.subarray(usable));
          break;
        }
        pending = pending.subarray(at + TERMINATOR.length);
        state = "end";
        continue;
      }
      const nl = pending.indexOf(10);
      if (nl === -1 && pending.length > MAX_CONTROL_LINE)
        throw bad("a header line is implausibly long: not an h2hmem backup");
      if (nl === -1) break;
      const line = pending.subarray(0, nl);
      pending = pending.subarray(nl + 1);
      yield* onLine(line);
    }
  }
  const end = current();
  if (end !== "done" || pending.length > 0) {
    throw bad(
      end === "header"
        ? "the file is empty"
        : `the file is truncated (it ends ${end === "done" ? "with stray bytes" : `before the ${end === "data" ? "end of a table's rows" : end}`}): the backup did not finish`,
    );
  }
}
