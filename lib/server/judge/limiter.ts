// Per-process request gate: at most `concurrency` requests in flight and at most `rpm` request
// starts in any sliding 60 s window. Every attempt, including retries, passes through it.
// With several worker processes the budget is per process: set JUDGE_RPM to the provider's
// limit divided by the number of workers (docs/JUDGE.md).

export type LimiterClock = { now: () => number; sleep: (ms: number) => Promise<void> };
const realClock: LimiterClock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

export class RequestLimiter {
  private active = 0;
  private waiters: Array<() => void> = [];
  private starts: number[] = [];
  private windowMs = 60_000;
  private rpmChain: Promise<void> = Promise.resolve();

  constructor(
    readonly concurrency: number,
    readonly rpm: number,
    private clock: LimiterClock = realClock,
  ) {
    if (concurrency < 1 || rpm < 1) throw new RangeError("concurrency and rpm must be at least 1");
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquireSlot();
    try {
      await this.acquireRate();
      return await fn();
    } finally {
      this.release();
    }
  }

  private acquireSlot(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(): void {
    const next = this.waiters.shift();
    if (next) next(); // hand the slot over directly: `active` stays the same
    else this.active--;
  }

  /** Serialised so that concurrent callers see each other's reservations. */
  private acquireRate(): Promise<void> {
    const turn = this.rpmChain.then(async () => {
      for (;;) {
        const now = this.clock.now();
        while (this.starts.length && this.starts[0] <= now - this.windowMs) this.starts.shift();
        if (this.starts.length < this.rpm) {
          this.starts.push(now);
          return;
        }
        await this.clock.sleep(this.starts[0] + this.windowMs - now);
      }
    });
    this.rpmChain = turn.catch(() => undefined);
    return turn;
  }
}
