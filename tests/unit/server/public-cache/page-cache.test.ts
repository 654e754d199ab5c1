import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { PAGE_CACHE_RENDER_HEADER, pageCacheKey } from "@/lib/server/public-cache/page-cache";

// Which requests the page micro-cache may answer, and under which key. What it replays, and when
// it renders again, needs the database: tests/integration/public-cache/page-cache.test.ts.

const req = (url: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://board.example${url}`, { headers: { host: "board.example", ...headers } });

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
});
