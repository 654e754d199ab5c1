import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

// A real HTTP server in front of one route handler, for tests about the wire: when the response
// is sent relative to the request body, and how much of the body the handler actually read.

export type RouteServer = { url: string; bytesRead: () => number; close: () => Promise<void> };
type Handler = (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>;

export async function serveRoute(handler: Handler): Promise<RouteServer> {
  let read = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const body =
      incoming.method === "GET" || incoming.method === "HEAD" ? undefined : counted(incoming, (n) => (read += n));
    const request = new Request(`http://127.0.0.1${incoming.url}`, {
      method: incoming.method,
      headers: incoming.headers as Record<string, string>,
      body,
      duplex: "half",
    } as RequestInit);
    void handler(request, { params: Promise.resolve({}) }).then(async (res) => {
      outgoing.writeHead(res.status, Object.fromEntries(res.headers));
      outgoing.end(Buffer.from(await res.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bytesRead: () => read,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function counted(incoming: IncomingMessage, onBytes: (n: number) => void): ReadableStream<Uint8Array> {
  const web = Readable.toWeb(incoming) as ReadableStream<Uint8Array>;
  return web.pipeThrough(
    new TransformStream({ transform: (chunk, c) => (onBytes(chunk.byteLength), c.enqueue(chunk)) }),
  );
}

export type SlowUpload = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  sentBeforeResponse: number;
  finishedSending: boolean;
};

/** POSTs `chunks` chunks of `chunkBytes` (chunked encoding, no Content-Length), one every `everyMs`. */
export function slowUpload(
  url: string,
  headers: Record<string, string>,
  opts: { chunks: number; chunkBytes: number; everyMs: number },
): Promise<SlowUpload> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let finished = false;
    const req = httpRequest(url, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } }, (res) => {
      const sentBeforeResponse = sent;
      clearInterval(timer);
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          sentBeforeResponse,
          finishedSending: finished,
        });
        req.destroy();
      });
    });
    req.on("error", (e) => (finished ? undefined : reject(e)));
    req.write("--x\r\n");
    const timer: NodeJS.Timeout = setInterval(() => {
      if (sent >= opts.chunks) {
        clearInterval(timer);
        finished = true;
        req.end();
        return;
      }
      sent += 1;
      req.write(Buffer.alloc(opts.chunkBytes, 97));
    }, opts.everyMs);
  });
}
