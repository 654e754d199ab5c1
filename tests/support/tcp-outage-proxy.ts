import net from "node:net";

/**
 * A TCP proxy on 127.0.0.1:port in front of `target` (a database URL's host and port) that a test
 * can close (cutting live connections too) and reopen on the same port: a real outage for
 * clients that only know the proxy's address.
 */
export function tcpOutageProxy(port: number, target: URL): { open: () => Promise<void>; close: () => Promise<void> } {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  return {
    open: () => {
      const s = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on("error", () => sock.destroy());
          sock.on("close", () => sockets.delete(sock));
        }
        client.pipe(upstream).pipe(client);
      });
      server = s;
      return new Promise((resolve) => s.listen(port, "127.0.0.1", () => resolve()));
    },
    close: async () => {
      const s = server;
      server = undefined;
      for (const sock of sockets) sock.destroy();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
