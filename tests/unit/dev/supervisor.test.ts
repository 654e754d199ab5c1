import { describe, expect, it } from "vitest";
import { supervise } from "../../../scripts/dev/supervisor.mjs";

type Supervisor = { pid?: number; hold(): void; stop(timeoutMs?: number): Promise<void> };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function run(script: string) {
  const lines: string[] = [];
  const sup: Supervisor = supervise({
    name: "t",
    args: ["-e", `process.stdout.write("start\\n"); ${script}`],
    env: process.env,
    cwd: process.cwd(),
    log: (m: string) => lines.push(m),
    onFirstExit: undefined,
  });
  return { sup, lines };
}

describe("supervise", () => {
  it("restarts a child that dies", async () => {
    const { sup, lines } = run("setTimeout(() => process.exit(3), 50);");
    await sleep(1500);
    await sup.stop();
    expect(lines.some((l) => /t exited \(code 3\); restarting in 1 s \(restart #1\)/.test(l))).toBe(true);
  });

  // Ctrl-C reaches every process of the group: a child exiting while the others are being stopped
  // in order must not be brought back.
  it("does not restart a child that exits after hold()", async () => {
    const { sup, lines } = run("process.on('SIGINT', () => process.exit(130)); setInterval(() => {}, 1000);");
    await sleep(400);
    sup.hold();
    process.kill(sup.pid!, "SIGINT");
    await sleep(1500);
    expect(lines).toEqual([]);
    expect(sup.pid).toBeUndefined();
    await sup.stop();
  });
});
