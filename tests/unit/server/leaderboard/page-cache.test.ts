import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/server/env";
import {
  cachedPage,
  PAGE_CACHE_ECHO_HEADER,
  PAGE_CACHE_RENDER_HEADER,
  pageCacheKey,
} from "@/lib/server/leaderboard/page-cache";

// The micro-cache against a real HTTP server standing in for the app's own port: it counts
// renders, so sharing, expiry and what is never stored are observable.

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
  process.env.DATABASE_URL ??= "postgresql://unused@127.0.0.1:5432/unused";
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
  const res = await cachedPage(r, pageCacheKey(r)!);
  return {
    status: res!.status,
    text: await res!.text(),
    state: res!.headers.get("x-page-cache"),
    type: res!.headers.get("content-type"),
    csp: res!.headers.get("content-security-policy"),
  };
}

describe("pageCacheKey", () => {
  it("caches anonymous GETs of the board and entry pages only", () => {
    expect(pageCacheKey(req("/?split=dyadic&sort=-CD"))).toBe("en http://board.example/?split=dyadic&sort=-CD");
    expect(pageCacheKey(req("/entries/abc", { "x-forwarded-proto": "https", "x-forwarded-host": "lb.example" }))).toBe(
      "en https://lb.example/entries/abc",
    );
    expect(pageCacheKey(req("/about"))).toBeNull();
    expect(pageCacheKey(req("/entries/abc/extra"))).toBeNull();
    expect(pageCacheKey(req("/admin"))).toBeNull();
    expect(pageCacheKey(new NextRequest("http://board.example/", { method: "POST" }))).toBeNull();
  });

  it("never caches signed-in requests, client navigations or its own render request", () => {
    expect(pageCacheKey(req("/", { cookie: "authjs.session-token=x" }))).toBeNull();
    expect(pageCacheKey(req("/", { cookie: "__Secure-authjs.session-token.0=x" }))).toBeNull();
    expect(pageCacheKey(req("/", { cookie: "authjs.csrf-token=x" }))).not.toBeNull();
    expect(pageCacheKey(req("/", { rsc: "1" }))).toBeNull();
    expect(pageCacheKey(req("/?_rsc=abc"))).toBeNull();
    expect(pageCacheKey(req("/", { "next-router-prefetch": "1" }))).toBeNull();
    expect(pageCacheKey(req("/", { [PAGE_CACHE_RENDER_HEADER]: "1" }))).toBeNull();
  });
});

describe("pageCacheKey and the locale", () => {
  it("keys on the resolved locale: ?lang= > cookie > Accept-Language > en", () => {
    expect(pageCacheKey(req("/", { "accept-language": "zh-CN,zh;q=0.9" }))).toBe("zh http://board.example/");
    expect(pageCacheKey(req("/", { "accept-language": "zh-CN", cookie: "NEXT_LOCALE=en" }))).toBe(
      "en http://board.example/",
    );
    expect(pageCacheKey(req("/?lang=zh", { cookie: "NEXT_LOCALE=en" }))).toBe("zh http://board.example/?lang=zh");
    expect(pageCacheKey(req("/"))).toBe("en http://board.example/");
  });

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
  it("shares one render between concurrent requests and replays it until it is a second old", async () => {
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

    await new Promise((r) => setTimeout(r, 1050));
    const later = await get("/?page=2");
    expect(later.state).toBe("miss");
    expect(later.text).not.toBe(first[0]!.text);
    expect(renders - before).toBe(2);
  });

  it("renders a busy URL's next copy in the background once it is 750 ms old, so it never waits", async () => {
    const before = renders;
    const first = await get("/?page=5");
    // Three more visitors, then a fourth once the copy is old enough: four requests served.
    await Promise.all([get("/?page=5"), get("/?page=5"), get("/?page=5")]);
    await new Promise((r) => setTimeout(r, 800));
    const old = await get("/?page=5");
    // Answered at once from the copy it has (under a second old); the next one is on its way.
    expect(old).toMatchObject({ state: "hit", text: first.text });
    await new Promise((r) => setTimeout(r, 150));
    expect(renders - before).toBe(2);
    const next = await get("/?page=5");
    expect(next.state).toBe("hit");
    expect(next.text).not.toBe(first.text);
    expect(next.text).toContain("of /?page=5");
    expect(renders - before).toBe(2);
  });

  it("renders a quiet URL only when asked after its copy expired, never for nobody", async () => {
    const before = renders;
    const first = await get("/?page=6");
    await new Promise((r) => setTimeout(r, 800));
    expect(await get("/?page=6")).toMatchObject({ state: "hit", text: first.text });
    await new Promise((r) => setTimeout(r, 150));
    expect(renders - before).toBe(1);
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
