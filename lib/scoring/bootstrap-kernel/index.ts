// The bootstrap's resample loop in WebAssembly SIMD (assembly/, built into binary.ts): bootstrapRange
// (../bootstrap.ts) hands it every cell it can take (up to four columns, n < 2^16) and keeps its own
// loop for the rest, or where the module cannot run. Same numbers (tests/unit/scoring/bootstrap.test.ts
// compares the two), about a quarter of the time: four resamples per pass, one per SIMD lane.
import { BOOTSTRAP_WASM_BASE64 } from "./binary";

type Exports = {
  memory: WebAssembly.Memory;
  packedArea(bytes: number): number;
  outArea(count: number): number;
  resampleMeans(n: number, from: number, to: number, seed: number): void;
};

// Resamples per call: V8 first runs a call in baseline code and switches a function to optimized
// code between calls, so the loop is entered often (each call is still ~0.1-1 ms of work).
const CALL = 8;
let kernel: Exports | null | undefined;
let enabled = true;

/** Tests and benchmarks: run bootstrapRange without the kernel (its own loop), or with it again. */
export function useBootstrapKernel(on: boolean): void {
  enabled = on;
}
const NodeBuffer = (globalThis as { Buffer?: { from(s: string, encoding: "base64"): Uint8Array<ArrayBuffer> } }).Buffer;

function loadKernel(): Exports | null {
  if (kernel !== undefined) return kernel;
  kernel = null;
  if (typeof WebAssembly !== "object") return null;
  const bytes = NodeBuffer ? NodeBuffer.from(BOOTSTRAP_WASM_BASE64, "base64") : Uint8Array.from(atob(BOOTSTRAP_WASM_BASE64), (c) => c.charCodeAt(0));
  try {
    const abort = () => {
      throw new Error("bootstrap kernel: WebAssembly module aborted");
    };
    kernel = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { abort } }).exports as unknown as Exports;
  } catch {
    // no WebAssembly SIMD here: bootstrap.ts keeps its own loop
  }
  return kernel;
}

/**
 * Resample means [from, to) of `packed` (packColumns of out.length <= 4 columns of n < 2^16 values)
 * into out[c][b], exactly as bootstrapRange; false when the kernel cannot run here.
 */
export function kernelRange(packed: Float64Array, out: Float64Array[], n: number, from: number, to: number, seed: number): boolean {
  const k = enabled ? loadKernel() : null;
  if (k === null) return false;
  const at = k.packedArea(32 * n);
  new Float64Array(k.memory.buffer, at, 4 * n).set(packed.subarray(0, 4 * n));
  for (let b = from; b < to; b += CALL) {
    const end = Math.min(to, b + CALL);
    const count = end - b;
    const o = k.outArea(count);
    k.resampleMeans(n, b, end, seed);
    const means = new Float64Array(k.memory.buffer, o, 4 * count);
    for (let c = 0; c < out.length; c++) out[c].set(means.subarray(c * count, (c + 1) * count), b);
  }
  return true;
}
