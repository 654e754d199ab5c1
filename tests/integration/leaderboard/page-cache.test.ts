import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import {
  cachedPage,
  PAGE_CACHE_ECHO_HEADER,
  PAGE_CACHE_RENDER_HEADER,
  pageCacheKey,
} from "@/lib/server/leaderboard/page-cache";
import { withIsolatedDatabase } from "../../support/isolated-db";

// The micro-cache against a real HTTP server standing in for the app's own port: it counts
// renders, so sharing, invalidation and what is never stored are observable. The public
// generation it checks is read from a database of this file's own.
withIsolatedDatabase("page-cache");

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
  const res = await cachedPage(r, pageCacheKey(r)!);
  return {
    status: res!.status,
    text: await res!.text(),
    state: res!.headers.get("x-page-cache"),
    type: res!.headers.get("content-type"),
    csp: res!.headers.get("content-security-policy"),
  };
}

const SNAPSHOT = {
  reason: "approval",
  scorerVersion: "v-page-cache",
  contentSha256: "b".repeat(64),
  manifest: {},
  boardJson: "[]",
  boardCsv: "",
};

let approvals = 0;
async function approveAnEntry(): Promise<void> {
  const n = ++approvals;
  const user = await db.user.create({ data: { email: `page-cache-${n}-${Date.now()}@test.local` } });
  await db.submission.create({
    data: {
      userId: user.id,
      methodName: `Page cache ${n}`,
      status: "SCORED",
      reviewState: "APPROVED",
      reviewedAt: new Date(),
      contentSha256: `page-cache-${n}-${Date.now()}`,
    },
  });
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
  it("shares one render between concurrent requests and replays it until the public board changes", async () => {
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

    // Older than a second and nothing changed: checked, still the same copy.
    await new Promise((r) => setTimeout(r, 1050));
    expect(await get("/?page=2")).toMatchObject({ state: "hit", text: first[0]!.text });
    expect(renders - before).toBe(1);

    // An approval is public at the next check, within a second.
    await approveAnEntry();
    await new Promise((r) => setTimeout(r, 1050));
    const later = await get("/?page=2");
    expect(later.state).toBe("miss");
    expect(later.text).not.toBe(first[0]!.text);
    expect(renders - before).toBe(2);
    expect(await get("/?page=2")).toMatchObject({ state: "hit", text: later.text });
  });

  it("renders again when the active key, or what the worker writes after it, changes", async () => {
    const first = await get("/?page=5");
    const key = await db.answerKeyVersion.create({
      data: { label: "page-cache key", contentSha256: "a".repeat(64), active: true, questionCount: 0, isDemo: true },
    });
    await new Promise((r) => setTimeout(r, 1050));
    const second = await get("/?page=5");
    expect(second.state).toBe("miss");
    expect(second.text).not.toBe(first.text);
    await db.boardSnapshot.create({ data: SNAPSHOT });
    await new Promise((r) => setTimeout(r, 1050));
    expect((await get("/?page=5")).state).toBe("miss");
    expect((await get("/?page=5")).state).toBe("hit");
    await db.judgeCalibrationRun.create({
      data: {
        role: "primary",
        model: "m",
        promptVersion: "p",
        keySha256: "a".repeat(64),
        sample: 1,
        seed: 1,
        status: "DONE",
        finishedAt: new Date(),
      },
    });
    await new Promise((r) => setTimeout(r, 1050));
    expect((await get("/?page=5")).state).toBe("miss");
    await db.referenceScore.create({
      data: {
        ...{ kind: "empty", scorerVersion: "v-page-cache", answerKeyVersionId: key.id, split: "overall" },
        ...{ scope: "ALL", metric: "f1", aggregate: "micro", value: 0, n: 1 },
      },
    });
    await new Promise((r) => setTimeout(r, 1050));
    expect((await get("/?page=5")).state).toBe("miss");
  });

  it("renders a quiet URL only when asked, never for nobody", async () => {
    const before = renders;
    const first = await get("/?page=6");
    await new Promise((r) => setTimeout(r, 800));
    expect(await get("/?page=6")).toMatchObject({ state: "hit", text: first.text });
    await approveAnEntry();
    await new Promise((r) => setTimeout(r, 1200));
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
