// `h2hmem score --timings`: where a run's time goes, on stderr (the benchmark reads it):
// milliseconds since the process started (Node's own start included), per stage.
import { serialBootstrap, serialLexical, type BootstrapRunner, type LexicalBatch } from "../lib/scoring";

export class StageTimer {
  private readonly spent = new Map<string, number>();
  private last = 0; // performance.now() counts from the start of the process

  /** Time since the previous lap (or the start of the process) goes to `stage`. */
  lap(stage: string): void {
    const now = performance.now();
    this.add(stage, now - this.last);
    this.last = now;
  }

  /** The lexical and bootstrap runners (the pool's or the serial ones), timed. */
  runners(given?: { lexical?: LexicalBatch; bootstrap?: BootstrapRunner }): { lexical: LexicalBatch; bootstrap: BootstrapRunner } {
    const lexical = given?.lexical ?? serialLexical;
    const bootstrap = given?.bootstrap ?? serialBootstrap;
    return { lexical: (p, r, o) => this.timed("lexical", () => lexical(p, r, o)), bootstrap: (jobs) => this.timed("bootstrap", () => bootstrap(jobs)) };
  }

  /** `timings (ms): startup 98, read+validate 352, ...` with the total. */
  report(threads: number): string {
    this.lap("output");
    const total = [...this.spent.values()].reduce((a, b) => a + b, 0);
    return `timings (ms, ${threads} thread${threads === 1 ? "" : "s"}): ${[...this.spent].map(([s, ms]) => `${s} ${Math.round(ms)}`).join(", ")}, total ${Math.round(total)}\n`;
  }

  private timed<T>(stage: string, run: () => T): T {
    this.lap("prepare"); // matching and collecting the pairs, or the cells of the bootstrap
    try {
      return run();
    } finally {
      this.lap(stage);
    }
  }

  private add(stage: string, ms: number): void {
    this.spent.set(stage, (this.spent.get(stage) ?? 0) + ms);
  }
}
