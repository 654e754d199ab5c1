// Issue 47 (the lows): next/og's ImageResponse returns at once and renders into its body, so the
// two-renders cap must be held until the PNG exists, not until the constructor returns.
import { afterEach, describe, expect, it, vi } from "vitest";

const pending: Array<() => void> = [];

vi.mock("next/og", () => ({
  // Like next/og: the constructor returns at once; the body is produced later (here: when the test says).
  ImageResponse: class extends Response {
    constructor(_el: unknown, init: { headers?: Record<string, string> }) {
      const body = new ReadableStream<Uint8Array>({
        start: (c) =>
          new Promise<void>((resolve) =>
            pending.push(() => {
              c.enqueue(new Uint8Array([137, 80, 78, 71]));
              c.close();
              resolve();
            }),
          ),
      });
      super(body, { headers: { "content-type": "image/png", ...init.headers } });
    }
  },
}));

vi.mock("@/lib/server/leaderboard/share", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/leaderboard/share")>()),
  entryHeadline: async (id: string) => ({
    id,
    methodName: "M",
    organization: null,
    metric: "f1",
    value: 0.5,
    ciLow: null,
    ciHigh: null,
    rank: 1,
    tied: false,
    of: 1,
  }),
}));

const { shareImage } = await import("@/app/(site)/entries/[id]/_components/share-image");

const settle = () => new Promise((r) => setTimeout(r, 20));

afterEach(() => {
  while (pending.length) pending.shift()!();
});

describe("share image render cap", () => {
  it("holds both slots while two images render, and frees them when they are done", async () => {
    const first = shareImage("a");
    const second = shareImage("b");
    await settle();
    expect(pending).toHaveLength(2);
    expect((await shareImage("c")).status).toBe(503);

    while (pending.length) pending.shift()!();
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(200);
    expect(new Uint8Array(await b.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
    expect(a.headers.get("cache-control")).toBe("public, max-age=300");

    const next = shareImage("d");
    await settle();
    pending.shift()!();
    expect((await next).status).toBe(200);
  });
});
