import { describe, expect, it } from "vitest";
import { awaitChunks, bootstrapChunk, claimChunks, newControl } from "../../../cli/score-chunks";
import { packColumns, serialBootstrap } from "../../../lib/scoring";

describe("score chunks (the work the CLI shares with its threads)", () => {
  it("every chunk runs once; chunks a thread failed are redone by the main thread", () => {
    const ctl = newControl(10);
    const thread: number[] = [];
    // A "thread" gets there first and claims every chunk, failing the odd ones.
    claimChunks(ctl, 10, (k) => {
      if (k % 2 === 1) throw new Error("boom");
      thread.push(k);
    }, true);
    const main: number[] = [];
    claimChunks(ctl, 10, (k) => main.push(k), false);
    awaitChunks(ctl, 10, (k) => main.push(k), 1000);
    expect(thread).toEqual([0, 2, 4, 6, 8]);
    expect(main).toEqual([1, 3, 5, 7, 9]);
  });

  it("a chunk claimed but never finished (a stalled thread) is done by the main thread after the wait", () => {
    const ctl = newControl(2);
    Atomics.add(ctl, 0, 1); // chunk 0 claimed by a thread that never reports
    const done: number[] = [];
    claimChunks(ctl, 2, (k) => done.push(k), false);
    awaitChunks(ctl, 2, (k) => done.push(k), 20);
    expect(done).toEqual([1, 0]);
  });

  it("the main thread's own failure is an error, not a silent gap", () => {
    expect(() => claimChunks(newControl(1), 1, () => { throw new Error("bad input"); }, false)).toThrow("bad input");
  });

  it("bootstrap units over shared memory give bootstrapMeansMulti's numbers", () => {
    const columns = Array.from({ length: 5 }, (_, c) => Array.from({ length: 97 }, (_, i) => ((i * 13 + c) % 29) / 3));
    const resamples = 45;
    const size = 2 * 97 * 4 + 5 * resamples;
    const memory = new Float64Array(new SharedArrayBuffer(8 * size));
    packColumns(columns, memory.subarray(0, 2 * 97 * 4));
    const units = Int32Array.from([0, 20, 45, 0, 0, 20]);
    const stage = { stage: "bootstrap" as const, chunks: 2, memory, jobs: [{ n: 97, columns: 5, resamples, seed: 7, packed: 0, out: 2 * 97 * 4 }], units, ctl: newControl(2) };
    bootstrapChunk(stage, 0);
    bootstrapChunk(stage, 1);
    const [want] = serialBootstrap([{ columns, resamples, seed: 7 }]);
    want.forEach((dist, c) => expect(Array.from(memory.subarray(2 * 97 * 4 + c * resamples, 2 * 97 * 4 + (c + 1) * resamples))).toEqual(Array.from(dist)));
  });
});
