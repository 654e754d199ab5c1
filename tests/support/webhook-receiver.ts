// A loopback webhook receiver for the tests: verifies Standard Webhooks signatures itself (not
// with the server's code) and answers per path: /ok 204, /hang never, /flaky 500 then 200.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = {
  path: string;
  id: string;
  timestamp: number;
  body: string;
  validSignature: boolean;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
};

export function verifySignature(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const id = String(headers["webhook-id"] ?? "");
  const ts = String(headers["webhook-timestamp"] ?? "");
  if (!id || !/^\d+$/.test(ts) || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${ts}.${body}`).digest();
  return String(headers["webhook-signature"] ?? "")
    .split(" ")
    .some((sig) => {
      const [version, value] = sig.split(",");
      const got = Buffer.from(value ?? "", "base64");
      return version === "v1" && got.length === expected.length && timingSafeEqual(got, expected);
    });
}

export async function startWebhookReceiver(secretFor: (path: string) => string | undefined) {
  const received: Received[] = [];
  const flakyCalls = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const path = req.url ?? "/";
      const secret = secretFor(path);
      const id = String(req.headers["webhook-id"] ?? "");
      received.push({
        path,
        id,
        timestamp: Number(req.headers["webhook-timestamp"]),
        body,
        validSignature: secret ? verifySignature(secret, req.headers, body) : false,
        payload: JSON.parse(body) as Received["payload"],
      });
      if (path.startsWith("/hang")) return void hanging.add(res);
      if (path.startsWith("/flaky")) {
        const n = (flakyCalls.get(id) ?? 0) + 1;
        flakyCalls.set(id, n);
        return void res.writeHead(n === 1 ? 500 : 200).end(n === 1 ? "try again" : "ok");
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
