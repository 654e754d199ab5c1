// Runs a long-lived child process, prefixes its output, restarts it with exponential
// backoff when it dies (reset after a minute of uptime), and stops it on request.
import { spawn } from "node:child_process";
import { pipeLines } from "./quickstart-log.mjs";

/**
 * `onLine(line, fromStderr)` takes each output line (default: prefixed with the name, to stdout/stderr).
 * @param {{ name: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, log: (m: string) => unknown, onFirstExit?: (code: number | null, signal: string | null) => void, onLine?: (line: string, fromStderr: boolean) => void }} opts
 */
export function supervise({ name, args, env, cwd, log, onFirstExit, onLine }) {
  let child = null;
  let stopping = false;
  let delay = 1000;
  let timer = null;
  let restarts = 0;

  const emit =
    onLine ?? ((l, fromStderr) => (fromStderr ? process.stderr : process.stdout).write(`${name.padEnd(6)}| ${l}\n`));

  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    pipeLines(child.stdout, (l) => emit(l, false));
    pipeLines(child.stderr, (l) => emit(l, true));
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
    /** No more restarts: Ctrl-C signals the whole group, and a child exiting meanwhile must stay down. */
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
