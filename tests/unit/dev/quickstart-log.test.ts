// Issue 17, point 4: the quick start prints readable lines on a terminal and JSON lines (pino's
// shape) when its output is not a TTY, for its own messages and its children's output alike.
import { spawnSync } from "node:child_process";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createQuickstartLog } from "../../../scripts/dev/quickstart-log.mjs";

function capture(isTTY: boolean) {
  const out = Object.assign(new PassThrough(), { isTTY });
  const err = new PassThrough();
  const text = (s: PassThrough) => (s.read() as Buffer | null)?.toString() ?? "";
  return {
    out,
    err,
    lines: () => ({ out: text(out).split("\n").filter(Boolean), err: text(err).split("\n").filter(Boolean) }),
  };
}

const pinoLine = JSON.stringify({ level: 30, time: "2026-12-01T00:00:00.000Z", pid: 7, msg: "request", status: 200 });

describe("quick-start log", () => {
  it("writes one JSON object per line when stdout is not a TTY", () => {
    const c = capture(false);
    const log = createQuickstartLog({ out: c.out, err: c.err });
    expect(log.json).toBe(true);
    log.say("PostgreSQL: embedded");
    log.childLine("web", pinoLine);
    log.childLine("build", "▲ Next.js 16 (plain text)");
    log.childLine("worker", "something on stderr", true);
    log.error("it broke");
    log.banner(["H2HMem Leaderboard is running at http://localhost:3000"], "ready", { url: "http://localhost:3000" });
    const { out, err } = c.lines();
    const parsed = [...out, ...err].map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed).toHaveLength(6);
    expect(parsed.every((p) => typeof p.level === "number" && typeof p.msg === "string")).toBe(true);
    expect(JSON.parse(out[0]!)).toMatchObject({ level: 30, component: "quickstart", msg: "PostgreSQL: embedded" });
    // A child's pino record passes through with the child's name; other lines are wrapped.
    expect(JSON.parse(out[1]!)).toMatchObject({ component: "web", level: 30, msg: "request", status: 200, pid: 7 });
    expect(JSON.parse(out[2]!)).toMatchObject({ component: "build", msg: "▲ Next.js 16 (plain text)" });
    expect(JSON.parse(out[3]!)).toMatchObject({ component: "quickstart", msg: "ready", url: "http://localhost:3000" });
    expect(err.map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([
      { level: 40, component: "worker" },
      { level: 50, msg: "it broke" },
    ]);
  });

  it("writes readable lines on a terminal, with children's pino records prettified", async () => {
    const c = capture(true);
    const log = createQuickstartLog({ out: c.out, err: c.err });
    expect(log.json).toBe(false);
    await log.loadPretty();
    log.say("PostgreSQL: embedded");
    log.childLine("web", pinoLine);
    log.banner(["H2HMem Leaderboard is running at http://localhost:3000"], "ready", {});
    const { out } = c.lines();
    expect(out[0]).toBe("[quickstart] PostgreSQL: embedded");
    expect(out[1]).toMatch(/^web {3}\| .*INFO.*request/);
    expect(out[1]).not.toContain('{"level"');
    expect(out[2]).toBe("  H2HMem Leaderboard is running at http://localhost:3000");
  });

  it("decides from the real stdout: a pipe gets JSON", () => {
    const script = `import("./scripts/dev/quickstart-log.mjs").then(({ createQuickstartLog }) => createQuickstartLog().say("hello"))`;
    const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toMatchObject({ component: "quickstart", msg: "hello", level: 30 });
  });
});
