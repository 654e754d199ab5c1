import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { CHECK_MS } from "@/lib/server/public-cache/page-cache";
import { freePort, ROOT } from "../../support/pipeline-helpers";
import { TS } from "../../../scripts/dev/services.mjs";
import { withIsolatedDatabase } from "../../support/isolated-db";

// Two web processes, each with its own page micro-cache, on one database: an approval made through
// one is served by the other within one check interval, with nothing but the public generation between them.
withIsolatedDatabase("two-web-processes");

type Web = { child: ChildProcess; url: string };
const webs: Web[] = [];

async function startWeb(): Promise<Web> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(TS as string[]), "tests/support/page-cache-process.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const web = { child, url: `http://127.0.0.1:${port}` };
  webs.push(web);
  await once(child.stdout!, "data");
  return web;
}

const view = async (w: Web): Promise<{ hit: boolean; body: string }> => (await fetch(`${w.url}/view`)).json();

afterAll(async () => {
  for (const w of webs) w.child.kill();
  await Promise.all(webs.map((w) => (w.child.exitCode === null ? once(w.child, "exit") : null)));
});

let submissionId = "";
let reviewerId = "";
beforeAll(async () => {
  reviewerId = (await db.user.create({ data: { email: "two@test.local", role: "ADMIN" } })).id;
  const s = await db.submission.create({
    data: { userId: reviewerId, methodName: "Two", status: "SCORED", contentSha256: "two" },
  });
  submissionId = s.id;
});

it("a change made through one web process is served by another within one check interval", async () => {
  const [a, b] = await Promise.all([startWeb(), startWeb()]);
  expect(await view(a)).toEqual({ hit: false, body: "approved 0" });
  expect(await view(b)).toEqual({ hit: false, body: "approved 0" });
  expect(await view(b)).toEqual({ hit: true, body: "approved 0" });

  const approve = await fetch(`${a.url}/approve?id=${submissionId}&reviewer=${reviewerId}`, { method: "POST" });
  expect(approve.status).toBe(200);
  const committed = Date.now();
  let seen: { hit: boolean; body: string } = { hit: true, body: "" };
  while (Date.now() - committed < 5_000 && (seen = await view(b)).body !== "approved 1");
  const waited = Date.now() - committed;
  expect(seen).toEqual({ hit: false, body: "approved 1" });
  // One check interval, plus one render and one request of this loop.
  expect(waited).toBeLessThan(CHECK_MS + 500);
  expect(await view(b)).toEqual({ hit: true, body: "approved 1" });
  expect((await view(a)).body).toBe("approved 1");
});
