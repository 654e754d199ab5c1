// Runs a long-lived child process, prefixes its output, restarts it with exponential
// backoff when it dies (reset after a minute of uptime), and stops it on request.
import { spawn } from "node:child_process";

export function supervise({ name, args, env, cwd, log, onFirstExit }) {
  let child = null;
  let stopping = false;
  let delay = 1000;
  let timer = null;
  let restarts = 0;

  const pipe = (stream, target) => {
    let buf = "";
    stream.on("data", (d) => {
      buf += d;
      const lines = buf.split("\n");
      buf = lines.pop();
      for (const l of lines) target.write(`${name.padEnd(6)}| ${l}\n`);
    });
  };

  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    child.on("exit", (code, signal) => {
      child = null;
      if (stopping) return;
      onFirstExit?.(code, signal);
      if (Date.now() - startedAt > 60_000) delay = 1000;
      restarts += 1;
      log(`${name} exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s (restart #${restarts})`);
      timer = setTimeout(start, delay);
      delay = Math.min(delay * 2, 30_000);
    });
  };
  start();

  return {
    get pid() {
      return child?.pid;
    },
    /**
     * No more restarts, without stopping the child yet. Ctrl-C in a terminal signals every
     * process of the group at once, so a child may exit while the others are still being
     * stopped in order; it must not be restarted meanwhile.
     */
    hold() {
      stopping = true;
      clearTimeout(timer);
    },
    stop(timeoutMs = 10_000) {
      this.hold();
      const c = child;
      if (!c || c.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const kill = setTimeout(() => c.kill("SIGKILL"), timeoutMs);
        c.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        c.kill("SIGTERM");
      });
    },
  };
}
