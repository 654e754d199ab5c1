import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { db } from "@/lib/server/db";
import { env, resetEnvCache } from "@/lib/server/env";
import {
  cachedPage,
  CHECK_MS,
  PAGE_CACHE_ECHO_HEADER,
  PAGE_CACHE_RENDER_HEADER,
  pageCacheKey,
} from "@/lib/server/public-cache/page-cache";
import { withIsolatedDatabase } from "../../support/isolated-db";

// The micro-cache against a real HTTP server standing in for the app's own port: it counts
// renders, so sharing, invalidation and what is never stored are observable. The public
// generation it checks is read from a database of this file's own; the clock is moved by hand
// (no sleeps), and the generation by the writes the triggers watch (public-generation.test.ts).
withIsolatedDatabase("page-cache");

// The database reads of this process, counted (the client the `db` proxy uses).
let reads = 0;
beforeAll(() => {
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: env.DATABASE_URL }),
    log: [{ emit: "event", level: "query" }],
  });
  client.$on("query", () => reads++);
  (globalThis as { prisma?: PrismaClient }).prisma = client;
});

// One fake clock for the whole file: the cache's last check must never lie in the clock's future.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(() => {
  vi.useRealTimers();
});
/** One check interval later: the next request asks for the generation again. */
const nextCheck = () => vi.setSystemTime(Date.now() + CHECK_MS);
/** A change a public page shows (the counter as the triggers move it). */
const bump = () =>
  db.$executeRaw`INSERT INTO "PublicGeneration" (id, value) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET value = "PublicGeneration".value + 1`;

let server: Server;
let renders = 0;
let seenHeaders: Record<string, string | string[] | undefined> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    renders++;
    seenHeaders = req.headers;
    // Plays this process's proxy, which tags the answer to its own render request; a foreign
    // server on the port would not.
    if (!req.url?.startsWith("/entries/foreign"))
      res.setHeader(PAGE_CACHE_ECHO_HEADER, String(req.headers[PAGE_CACHE_RENDER_HEADER]));
    const n = renders;
    setTimeout(() => {
      if (req.url?.startsWith("/entries/gone"))
        return res.writeHead(404, { "content-type": "text/html" }).end(`missing ${n}`);
      if (req.url?.startsWith("/entries/cookie"))
        return res.writeHead(200, { "set-cookie": "a=b" }).end(`personal ${n}`);
      // The render's CSP names the nonce its scripts carry (proxy.ts).
      res
        .writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "x-internal": "1",
          "content-security-policy": `script-src 'nonce-n${n}'`,
        })
        .end(`render ${n} of ${req.url} <script nonce="n${n}">`);
    }, 50);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  process.env.PORT = String((server.address() as AddressInfo).port);
  resetEnvCache();
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  resetEnvCache();
});

const req = (url: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://board.example${url}`, { headers: { host: "board.example", ...headers } });

async function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; state: string | null; type: string | null; csp: string | null }> {
  const r = req(url, headers);
  const { res, hit } = (await cachedPage(r, pageCacheKey(r)!))!;
  return {
    status: res.status,
    text: await res.text(),
    state: hit ? "hit" : "miss",
    type: res.headers.get("content-type"),
    csp: res.headers.get("content-security-policy"),
  };
}

describe("pageCacheKey and the locale", () => {
  it("never serves a zh visitor the render of an en visitor of the same URL", async () => {
    const before = renders;
    const en = await get("/entries/locale", { "accept-language": "en" });
    expect(seenHeaders.cookie).toBe("NEXT_LOCALE=en");
    const zh = await get("/entries/locale", { "accept-language": "zh-CN" });
    // The loopback render carries the visitor's locale, so the proxy resolves it again the same way.
    expect(seenHeaders.cookie).toBe("NEXT_LOCALE=zh");
    expect(renders - before).toBe(2);
    expect(zh.text).not.toBe(en.text);
    expect((await get("/entries/locale", { cookie: "NEXT_LOCALE=zh" })).text).toBe(zh.text);
    expect(renders - before).toBe(2);
  });
});

describe("cachedPage", () => {
  it("shares one render between concurrent requests and replays it until the public generation moves", async () => {
    const before = renders;
    const first = await Promise.all([get("/?page=2"), get("/?page=2"), get("/?page=2")]);
    expect(renders - before).toBe(1);
    expect(new Set(first.map((r) => r.text)).size).toBe(1);
    expect(first[0]!.text).toContain("of /?page=2");
    expect(first[0]!.type).toBe("text/html; charset=utf-8");
    expect(seenHeaders[PAGE_CACHE_RENDER_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seenHeaders["x-forwarded-host"]).toBe("board.example");

    const again = await get("/?page=2");
    expect(again).toMatchObject({ state: "hit", text: first[0]!.text });
    // A replay keeps the CSP of the render it replays, whose nonce its scripts carry.
    const nonce = /nonce="(n\d+)"/.exec(again.text)![1];
    expect(again.csp).toBe(`script-src 'nonce-${nonce}'`);
    expect(renders - before).toBe(1);

    // A check interval later and nothing changed: checked, still the same copy.
    nextCheck();
    expect(await get("/?page=2")).toMatchObject({ state: "hit", text: first[0]!.text });
    expect(renders - before).toBe(1);

    // A change is not asked for again within the interval, and is public at the next check.
    await bump();
    expect(await get("/?page=2")).toMatchObject({ state: "hit", text: first[0]!.text });
    nextCheck();
    const later = await get("/?page=2");
    expect(later.state).toBe("miss");
    expect(later.text).not.toBe(first[0]!.text);
    expect(renders - before).toBe(2);
    expect(await get("/?page=2")).toMatchObject({ state: "hit", text: later.text });
  });

  it("checks freshness with one database read per interval, however many views of however many URLs", async () => {
    await Promise.all([get("/?page=7"), get("/?page=11")]);
    nextCheck();
    const before = reads;
    const views = await Promise.all(Array.from({ length: 20 }, (_, i) => get(i % 2 ? "/?page=7" : "/?page=11")));
    expect(views.every((v) => v.state === "hit")).toBe(true);
    expect(reads - before).toBe(1);
  });

  it("renders a quiet URL only when asked, never for nobody", async () => {
    const before = renders;
    expect((await get("/?page=6")).state).toBe("miss");
    await bump();
    nextCheck();
    // Another URL asked after the change renders itself only.
    expect((await get("/?page=9")).state).toBe("miss");
    expect(renders - before).toBe(2);
    expect((await get("/?page=6")).state).toBe("miss");
    expect(renders - before).toBe(3);
  });

  it("says hit or miss in x-page-cache only when PAGE_CACHE_DEBUG is set", async () => {
    const header = async () => {
      const r = req("/?page=10");
      return (await cachedPage(r, pageCacheKey(r)!))!.res.headers.get("x-page-cache");
    };
    expect(await header()).toBeNull();
    process.env.PAGE_CACHE_DEBUG = "true";
    resetEnvCache();
    try {
      expect(await header()).toBe("hit");
    } finally {
      delete process.env.PAGE_CACHE_DEBUG;
      resetEnvCache();
    }
  });

  it("drops a copy after a minute even when nothing moved", async () => {
    const first = await get("/?page=8");
    vi.setSystemTime(Date.now() + 60_000);
    const later = await get("/?page=8");
    expect(later.state).toBe("miss");
    expect(later.text).not.toBe(first.text);
  });

  it("keeps other URLs apart, and does not replay errors or responses that set cookies", async () => {
    const a = await get("/?page=3");
    const b = await get("/?page=4");
    expect(a.text).toContain("/?page=3");
    expect(b.text).toContain("/?page=4");

    const before = renders;
    const gone = await get("/entries/gone");
    expect(gone.status).toBe(404);
    expect((await get("/entries/gone")).text).not.toBe(gone.text);
    expect(renders - before).toBe(2);

    const r = req("/entries/cookie");
    expect(await cachedPage(r, pageCacheKey(r)!)).toBeNull();
  });

  it("never replays an answer from another server listening on the port", async () => {
    const r = req("/entries/foreign");
    expect(await cachedPage(r, pageCacheKey(r)!)).toBeNull();
  });
});
