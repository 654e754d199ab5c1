import "server-only";
// `rpm` counts starts per sliding window, retries included.

export type LimiterClock = { now: () => number; sleep: (ms: number) => Promise<void> };
const realClock: LimiterClock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

export type RateGate = { acquire: () => Promise<void> };

export class LocalRateGate implements RateGate {
  private starts: number[] = [];
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly rpm: number,
    private clock: LimiterClock = realClock,
    readonly windowMs = 60_000,
  ) {
    if (rpm < 1) throw new RangeError("rpm must be at least 1");
  }

  /** Serialised so that concurrent callers see each other's reservations. */
  acquire(): Promise<void> {
    const turn = this.chain.then(async () => {
      for (;;) {
        const now = this.clock.now();
        while (this.starts.length && this.starts[0]! <= now - this.windowMs) this.starts.shift();
        if (this.starts.length < this.rpm) {
          this.starts.push(now);
          return;
        }
        await this.clock.sleep(this.starts[0]! + this.windowMs - now);
      }
    });
    this.chain = turn.catch(() => undefined);
    return turn;
  }
}

export class RequestLimiter {
  private active = 0;
  private waiters: Array<() => void> = [];
  private gate: RateGate;

  constructor(
    readonly concurrency: number,
    readonly rpm: number,
    clock: LimiterClock = realClock,
    gate?: RateGate,
  ) {
    if (concurrency < 1 || rpm < 1) throw new RangeError("concurrency and rpm must be at least 1");
    this.gate = gate ?? new LocalRateGate(rpm, clock);
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquireSlot();
    try {
      await this.gate.acquire();
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
    if (next)
      next(); // hand the slot over directly: `active` stays the same
    else this.active--;
  }
}
