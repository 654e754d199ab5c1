// Texts into memory as UTF-8, one after the other, with their byte lengths.
import { encoder } from "./module";

type Utf8Writer = { utf8Write?: (s: string, offset: number) => number; write: (s: string, offset: number) => number };
// Node's Buffer writes a string's UTF-8 straight into memory at an offset: 3-10x cheaper per text
// than TextEncoder.encodeInto, which needs a new view for every text (docs/BENCHMARKS.md).
const NodeBuffer = (globalThis as { Buffer?: { from(b: ArrayBufferLike): Utf8Writer } }).Buffer;

/** Each pair's two texts as UTF-8 from `at` in buffer; lengths[2i], lengths[2i + 1] get their byte lengths. */
export function writeTexts(buffer: ArrayBufferLike, lengths: Int32Array, at: number, preds: readonly string[], refs: readonly string[], from: number, to: number): number {
  let off = at;
  if (NodeBuffer) {
    const b = NodeBuffer.from(buffer);
    const write = b.utf8Write ?? b.write; // utf8Write: the same without write()'s argument checks
    for (let k = from, i = 0; k < to; k++, i += 2) {
      off += lengths[i] = write.call(b, preds[k] ?? "", off);
      off += lengths[i + 1] = write.call(b, refs[k] ?? "", off);
    }
    return off - at;
  }
  const bytes = new Uint8Array(buffer);
  for (let k = from, i = 0; k < to; k++, i += 2) {
    off += lengths[i] = encoder.encodeInto(preds[k] ?? "", bytes.subarray(off)).written;
    off += lengths[i + 1] = encoder.encodeInto(refs[k] ?? "", bytes.subarray(off)).written;
  }
  return off - at;
}

