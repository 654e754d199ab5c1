import "server-only";

// A minimal POSIX ustar writer for regular files: every header field that could vary between two
// builds (mode, owner, time) is fixed, so the same files in the same order give the same bytes.

export type TarFile = { path: string; body: Buffer };

const BLOCK = 512;

function field(buf: Buffer, offset: number, length: number, value: string): void {
  buf.write(value, offset, Math.min(Buffer.byteLength(value), length), "utf8");
}
const octal = (n: number, width: number) => `${n.toString(8).padStart(width - 1, "0")}\0`;

function header(path: string, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  // Names over 100 bytes go into the 155-byte prefix (the directory) and the name (the file).
  const cut = Buffer.byteLength(path) > 100 ? path.lastIndexOf("/") : -1;
  const [prefix, name] = cut > 0 ? [path.slice(0, cut), path.slice(cut + 1)] : ["", path];
  if (Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155) throw new Error(`tar: path too long: ${path}`);
  field(h, 0, 100, name);
  field(h, 100, 8, octal(0o644, 8));
  field(h, 108, 8, octal(0, 8));
  field(h, 116, 8, octal(0, 8));
  field(h, 124, 12, octal(size, 12));
  field(h, 136, 12, octal(mtime, 12));
  field(h, 148, 8, "        ");
  field(h, 156, 1, "0");
  field(h, 257, 6, "ustar\0");
  field(h, 263, 2, "00");
  field(h, 345, 155, prefix);
  let sum = 0;
  for (const b of h) sum += b;
  field(h, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return h;
}

/** One file as tar blocks: header, body, zero padding to the block size. */
export function tarEntry(file: TarFile, mtime: number): Buffer {
  const pad = (BLOCK - (file.body.length % BLOCK)) % BLOCK;
  return Buffer.concat([header(file.path, file.body.length, mtime), file.body, Buffer.alloc(pad)]);
}

/** Two zero blocks end an archive. */
export const TAR_END = Buffer.alloc(2 * BLOCK);
