// Keys of pairs for the CLI's lexical cache (cli/lexical-cache.ts: pairKey there is the same
// function in TypeScript, and the one used where this cannot run): hashing a full submission's
// texts in a cold process costs ~12 ms in TypeScript, well under 1 ms in the module.
import { wasmEngine } from "./module";

type Utf16Writer = { ucs2Write?: (s: string, offset: number) => number; write: (s: string, offset: number, encoding: "utf16le") => number };
const NodeBuffer = (globalThis as { Buffer?: { from(b: ArrayBufferLike): Utf16Writer } }).Buffer;

/**
 * keys[4i..4i + 3] = two 32-bit hashes over pair i's UTF-16 units and both texts' lengths; false
 * (keys untouched) where the module or Node's Buffer is not available.
 */
export function fastPairKeys(preds: readonly string[], refs: readonly string[], keys: Int32Array): boolean {
  const e = wasmEngine();
  if (e === null || !NodeBuffer) return false;
  const pairs = preds.length;
  let units = 0;
  for (let i = 0; i < pairs; i++) units += (preds[i] ?? "").length + (refs[i] ?? "").length;
  const base = e.batchArea(pairs, 2 * units);
  const lengths = new Int32Array(e.memory.buffer, base, 2 * pairs);
  const b = NodeBuffer.from(e.memory.buffer);
  let off = base + 44 * pairs;
  for (let i = 0; i < pairs; i++) {
    const pred = preds[i] ?? "";
    const ref = refs[i] ?? "";
    lengths[2 * i] = pred.length;
    lengths[2 * i + 1] = ref.length;
    off += b.ucs2Write ? b.ucs2Write(pred, off) : b.write(pred, off, "utf16le");
    off += b.ucs2Write ? b.ucs2Write(ref, off) : b.write(ref, off, "utf16le");
  }
  e.pairKeys(pairs);
  const hashes = new Int32Array(e.memory.buffer, base + 8 * pairs, 2 * pairs);
  for (let i = 0; i < pairs; i++) {
    keys[4 * i] = hashes[2 * i];
    keys[4 * i + 1] = hashes[2 * i + 1];
    keys[4 * i + 2] = lengths[2 * i];
    keys[4 * i + 3] = lengths[2 * i + 1];
  }
  return true;
}
