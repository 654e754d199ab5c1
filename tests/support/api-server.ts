// The app's API route handlers (app/api/**/route.ts) behind a real loopback HTTP server, so
// processes such as the CLI (or a webhook receiver's counterpart) talk real HTTP to the real
// handlers, database and Redis, without building Next. Dynamic segments ([id]) are matched
// like Next does; static segments win over dynamic ones.
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

type Handler = (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;
type RouteFile = { segments: string[]; file: string };

const APP = path.resolve(import.meta.dirname, "../../app");
// Route-file folders served: the API, the feeds and the JWKS.
const ROOTS = ["api", "feeds", ".well-known"];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(path.join(dir, d.name)) : d.name === "route.ts" ? [path.join(dir, d.name)] : [],
  );
}

const ROUTES: RouteFile[] = ROOTS.flatMap((root) => walk(path.join(APP, root)))
  .map((file) => ({ file, segments: path.relative(APP, path.dirname(file)).split(path.sep).filter(Boolean) }))
  // Static before dynamic at each depth: more literal segments first.
  .sort(
    (a, b) => b.segments.filter((s) => !s.startsWith("[")).length - a.segments.filter((s) => !s.startsWith("[")).length,
  );

function match(pathname: string): { file: string; params: Record<string, string> } | null {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const r of ROUTES) {
    if (r.segments.some((s) => s.startsWith("[..."))) continue; // catch-alls (auth) are not served
    if (r.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    if (r.segments.every((s, i) => (s.startsWith("[") ? ((params[s.slice(1, -1)] = parts[i]!), true) : s === parts[i])))
      return { file: r.file, params };
  }
  return null;
}

export type RouteServer = { url: string; close: () => Promise<void> };

/** `files`: pathname -> local file served as is (e.g. the single-file CLI at /downloads/h2hmem.mjs). */
export async function startRouteServer(opts: { files?: Record<string, string> } = {}): Promise<RouteServer> {
  const server = http.createServer((req, res) => {
    const file = opts.files?.[new URL(req.url!, "http://x").pathname];
    if (file && req.method === "GET")
      return void res.writeHead(200, { "content-type": "text/javascript" }).end(readFileSync(file));
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url!, `http://${req.headers.host}`);
        const hit = match(url.pathname);
        const mod = hit ? ((await import(hit.file)) as Record<string, Handler | undefined>) : undefined;
        const handler = mod?.[req.method!];
        if (!hit) return void res.writeHead(404).end();
        // As Next answers a route file without a handler for the method.
        if (!handler) return void res.writeHead(405).end();
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
        const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
        const response = await handler(new Request(url, { method: req.method, headers, body }), {
          params: Promise.resolve(hit.params),
        });
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })().catch((e: unknown) => res.writeHead(500).end(String(e)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
