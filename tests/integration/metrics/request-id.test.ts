// Every request through route() gets an X-Request-Id (the caller's when sane), echoed back and
// carried by every log line of that request: one access line (method, route pattern, status,
// duration) and any error line, which never contains a connection-string password.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as leaderboard from "@/app/api/v1/leaderboard/route";
import * as submission from "@/app/api/v1/submissions/[id]/route";
import { db } from "@/lib/server/db";
import { logger, setLogDestination, withLogContext } from "@/lib/server/logger";
import { ctx, req, userWithToken } from "../../support/api-helpers";
import { useDatabase } from "../../support/metrics-helpers";
import { freePort } from "../../support/pipeline-helpers";

type Line = Record<string, unknown> & { msg: string; requestId?: string };
const lines: string[] = [];
const logged = (): Line[] => lines.map((l) => JSON.parse(l) as Line);
const realDb = process.env.DATABASE_URL!;
let user: Awaited<ReturnType<typeof userWithToken>>;

beforeAll(async () => {
  user = await userWithToken("request-id", "SUBMITTER");
  setLogDestination({ write: (s: string) => void lines.push(s) });
});
afterEach(() => {
  lines.length = 0;
});
afterAll(async () => {
  setLogDestination();
  await db.user.deleteMany({ where: { id: user.id } });
});

describe("X-Request-Id and request logs", () => {
  it("echoes a sane incoming id and logs one access line with it", async () => {
    const id = "c000000000000000000000000";
    const res = await submission.GET(
      req(`/api/v1/submissions/${id}`, { token: user.token, headers: { "x-request-id": "trace-42.abc" } }),
      ctx({ id }),
    );
    expect(res.status).toBe(404);
    expect(res.headers.get("x-request-id")).toBe("trace-42.abc");
    const access = logged().filter((l) => l.msg === "request");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      requestId: "trace-42.abc",
      method: "GET",
      route: "/api/v1/submissions/[id]",
      status: 404,
      durationMs: expect.any(Number),
    });
  });

  it("replaces an unsafe incoming id and gives each request its own", async () => {
    const a = await leaderboard.GET(
      req("/api/v1/leaderboard", { headers: { "x-request-id": "bad id <script>" } }),
      ctx({}),
    );
    const b = await leaderboard.GET(req("/api/v1/leaderboard"), ctx({}));
    const [ida, idb] = [a.headers.get("x-request-id"), b.headers.get("x-request-id")];
    for (const id of [ida, idb]) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ida).not.toBe(idb);
    expect(
      logged()
        .filter((l) => l.msg === "request")
        .map((l) => l.requestId),
    ).toEqual([ida, idb]);
  });

  it("logs errors with the request id and without secrets", async () => {
    await useDatabase(`postgresql://postgres:hunter2-secret@127.0.0.1:${await freePort()}/nowhere`);
    try {
      const res = await leaderboard.GET(
        req("/api/v1/leaderboard", { headers: { "x-request-id": "outage-1" } }),
        ctx({}),
      );
      expect(res.status).toBe(503);
      expect(res.headers.get("x-request-id")).toBe("outage-1");
    } finally {
      await useDatabase(realDb);
    }
    const mine = logged().filter((l) => l.requestId === "outage-1");
    expect(mine.find((l) => l.msg === "database unavailable")).toMatchObject({ level: 40, err: expect.any(Object) });
    expect(mine.find((l) => l.msg === "request failed")).toMatchObject({ status: 503, route: "/api/v1/leaderboard" });
    expect(lines.join("\n")).not.toContain("hunter2-secret");
  });

  it("masks connection-string credentials in errors and drops auth fields from any log line", () => {
    withLogContext({ requestId: "mask-1" }, () =>
      logger.error(
        {
          err: new Error("connect failed: redis://default:hunter2-secret@10.0.0.5:6379"),
          authorization: "Bearer h2h_live",
          headers: { cookie: "authjs.session-token=abc" },
        },
        "boom",
      ),
    );
    const [line] = logged();
    expect(line).toMatchObject({
      requestId: "mask-1",
      msg: "boom",
      authorization: "[redacted]",
      headers: { cookie: "[redacted]" },
    });
    expect((line!.err as { message: string }).message).toBe("connect failed: redis://***@10.0.0.5:6379");
    expect(lines.join("\n")).not.toMatch(/hunter2-secret|h2h_live|session-token=abc/);
  });
});
