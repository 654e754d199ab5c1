// A web process as far as the page micro-cache goes, for tests/integration/public-cache/two-processes.test.ts:
// `node --import ./bin/register.mjs tests/support/page-cache-process.ts` with DATABASE_URL and PORT.
// GET /view answers the anonymous board through this process's cache; POST /approve?id=&reviewer=
// approves through the app's writer. The cache's own render request gets what the board shows.
import { createServer } from "node:http";
import { NextRequest } from "next/server";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { approveSubmission } from "@/lib/server/review/decide";
import {
  cachedPage,
  PAGE_CACHE_ECHO_HEADER,
  PAGE_CACHE_RENDER_HEADER,
  pageCacheKey,
} from "@/lib/server/public-cache/page-cache";

const server = createServer((req, res) => {
  void (async () => {
    const url = new URL(req.url ?? "/", "http://local");
    const render = req.headers[PAGE_CACHE_RENDER_HEADER];
    if (render) {
      const approved = await db.submission.count({ where: { reviewState: "APPROVED" } });
      res.setHeader(PAGE_CACHE_ECHO_HEADER, String(render));
      return res.writeHead(200, { "content-type": "text/html" }).end(`approved ${approved}`);
    }
    if (url.pathname === "/view") {
      const r = new NextRequest("http://board.example/", { headers: { host: "board.example" } });
      const page = await cachedPage(r, pageCacheKey(r)!);
      return res.end(JSON.stringify({ hit: page?.hit ?? null, body: (await page?.res.text()) ?? null }));
    }
    if (url.pathname === "/approve" && req.method === "POST") {
      const q = url.searchParams;
      await approveSubmission({ submissionId: q.get("id")!, reviewerId: q.get("reviewer")! });
      return res.end("{}");
    }
    res.writeHead(404).end();
  })().catch((err: unknown) => res.writeHead(500).end(String(err)));
});
server.listen(env.PORT, "127.0.0.1", () => console.log("ready"));
