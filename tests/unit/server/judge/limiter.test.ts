import { describe, expect, it } from "vitest";
import { RequestLimiter, type LimiterClock } from "../../../../lib/server/judge/limiter";

/** A virtual clock: sleeping advances time instantly, so minute windows test in milliseconds. */
function virtualClock(): LimiterClock & { t: number } {
  const c = {
    t: 0,
    now: () => c.t,
    sleep: async (ms: number) => {
      c.t += ms;
    },
  };
  return c;
}

describe("RequestLimiter", () => {
  it("never exceeds the concurrency limit", async () => {
    const limiter = new RequestLimiter(3, 10_000);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        limiter.run(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 5));
          active--;
        }),
      ),
    );
    expect(peak).toBe(3);
  });

  it("starts at most rpm requests in any 60 s window", async () => {
    const clock = virtualClock();
    const limiter = new RequestLimiter(50, 5, clock);
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 12 }, () => limiter.run(async () => void starts.push(clock.now()))));
    expect(starts).toEqual([0, 0, 0, 0, 0, 60_000, 60_000, 60_000, 60_000, 60_000, 120_000, 120_000]);
  });

  it("releases the slot when the task throws", async () => {
    const limiter = new RequestLimiter(1, 100);
    await expect(limiter.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limiter.run(async () => "next")).resolves.toBe("next");
  });
});
