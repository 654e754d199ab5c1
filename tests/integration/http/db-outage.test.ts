// PostgreSQL briefly unreachable: the API answers 503 with a clear message and Retry-After
// (not a 500, no stack), and serves again by itself once the database is back. The outage is
// a TCP proxy in front of the real database that is closed and reopened on the same port.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/generated/prisma/client";
import { GET as listSubmissions } from "@/app/api/v1/submissions/route";
import { req, userWithToken } from "../../support/api-helpers";
import { freePort, setEnv } from "../../support/pipeline-helpers";
import { tcpOutageProxy } from "../../support/tcp-outage-proxy";

const holder = globalThis as unknown as { prisma?: PrismaClient };
const realUrl = process.env.DATABASE_URL!;
let proxy: ReturnType<typeof tcpOutageProxy>;

/** Points the app's shared Prisma client at `url` (the env module and db client are lazy singletons). */
async function useDatabase(url: string): Promise<void> {
  await holder.prisma?.$disconnect();
  holder.prisma = undefined;
  await setEnv({ DATABASE_URL: url });
}

beforeAll(async () => {
  const port = await freePort();
  proxy = tcpOutageProxy(port, new URL(realUrl));
  await proxy.open();
  const viaProxy = new URL(realUrl);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(port);
  await useDatabase(viaProxy.toString());
});

afterAll(async () => {
  await proxy.close();
  await useDatabase(realUrl);
});

describe("API while PostgreSQL is briefly down", () => {
  it("answers 503 with Retry-After and a clear message, then recovers without a restart", async () => {
    const owner = await userWithToken("db-outage", "SUBMITTER");
    const call = () =>
      listSubmissions(req("/api/v1/submissions", { token: owner.token }), { params: Promise.resolve({}) });
    expect((await call()).status).toBe(200);

    await proxy.close();
    const down = await call();
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    const body = (await down.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("UNAVAILABLE");
    expect(body.error.message).toMatch(/database is temporarily unavailable/i);
    expect(JSON.stringify(body)).not.toMatch(/postgres(ql)?:\/\/|P1001|at .*\.ts/);

    await proxy.open();
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await call()).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  }, 60_000);
});
