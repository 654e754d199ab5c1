import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, jsonLine } from "../../../../lib/server/backup/format";
import { readBackup, type BackupEvent } from "../../../../lib/server/backup/reader";

// The reader finds each table's end (`\.` on a line of its own) in a byte stream cut anywhere:
// fed in chunks of every size, it must yield the same rows and catch the same faults.

// COPY text rows, including ones that contain "\." where it is NOT an end marker.
const ROWS: Record<string, string[]> = {
  A: ["1\tplain", "2\tends with backslash dot \\\\.", "3\t\\\\.", "4\t\\\\.\\n\\\\.", "5\t\\N"],
  B: [],
  C: ["x\t\\\\\\\\", "\\\\.\tstarts with an escaped backslash"],
};
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const data = (t: string) => ROWS[t].map((r) => `${r}\n`).join("");

function file(over: { rowsOf?: string; mutate?: (text: string) => string } = {}): Buffer {
  const tables = Object.keys(ROWS).map((name) => ({ name, columns: ["a", "b"] }));
  const header = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: "t",
    createdAt: "t",
    server: "t",
    migrations: [],
    tables,
    sequences: [],
  };
  const parts: Buffer[] = [jsonLine(header)];
  const ends: Record<string, { rows: number; sha256: string }> = {};
  for (const { name } of tables) {
    ends[name] = { rows: ROWS[name].length, sha256: sha(data(name)) };
    parts.push(
      jsonLine({ table: name, columns: ["a", "b"] }),
      Buffer.from(`${data(name)}\\.\n`),
      jsonLine({ table: name, ...ends[name] }),
    );
  }
  parts.push(jsonLine({ complete: true, tables: ends }));
  const text = Buffer.concat(parts).toString("utf8");
  return Buffer.from(over.mutate ? over.mutate(text) : text);
}

async function* chunks(buf: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

async function read(buf: Buffer, size: number): Promise<Record<string, { text: string; rows: number }>> {
  const out: Record<string, { text: string; rows: number }> = {};
  let current = "";
  for await (const ev of readBackup(chunks(buf, size)) as AsyncGenerator<BackupEvent>) {
    if (ev.kind === "start") out[(current = ev.table)] = { text: "", rows: -1 };
    if (ev.kind === "data") out[current].text += ev.chunk.toString("utf8");
    if (ev.kind === "end") out[ev.table].rows = ev.rows;
  }
  return out;
}

describe("readBackup", () => {
  const whole = file();
  const sizes = [...Array.from({ length: 40 }, (_, i) => i + 1), 64, 1000, whole.length];

  it("yields every table's exact rows whatever the chunk size", async () => {
    const expected = Object.fromEntries(Object.keys(ROWS).map((t) => [t, { text: data(t), rows: ROWS[t].length }]));
    for (const size of sizes) expect(await read(whole, size), `chunk size ${size}`).toEqual(expected);
  });

  it("rejects a changed row (checksum), a truncated file and trailing bytes, at every chunk size", async () => {
    const corrupted = file({ mutate: (t) => t.replace("plain", "plaim") });
    const truncated = whole.subarray(0, whole.length - 40);
    const trailing = Buffer.concat([whole, Buffer.from("extra\n")]);
    for (const size of [1, 2, 3, 7, 64, whole.length]) {
      await expect(read(corrupted, size)).rejects.toThrow(/checksum mismatch in table A/);
      await expect(read(truncated, size)).rejects.toThrow(/truncated/);
      await expect(read(trailing, size)).rejects.toThrow(/after the trailer/);
    }
  });

  it("rejects a file that is not a backup, or of another format version", async () => {
    await expect(read(Buffer.from("hello\nworld\n"), 4)).rejects.toThrow(/not an h2hmem backup/);
    await expect(read(Buffer.alloc(0), 4)).rejects.toThrow(/empty/);
    const v2 = file({ mutate: (t) => t.replace(`"formatVersion":${BACKUP_FORMAT_VERSION}`, '"formatVersion":99') });
    await expect(read(v2, 64)).rejects.toThrow(/format version 99 is not supported/);
  });
});
