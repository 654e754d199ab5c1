// The processes of a soak or capacity run, all on loopback: a private redis-server (so it can be
// killed or frozen without touching anyone else's), the built web app (`next start`) and worker
// processes (`workers/index.ts`), each logging to a file. The fake judge runs in-process.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { newReceiptSigningKey } from "../../scripts/dev/env-file.mjs";
import { startRedis, TS } from "../../scripts/dev/services.mjs";

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

type Redis = { url: string; stop: () => Promise<void>; child: ChildProcess };

/** Environment for children: the caller's, minus anything that would point them elsewhere (one receipt key for all). */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(JUDGE_|DATABASE_URL|REDIS_URL|QUEUE_PREFIX|PORT|WORKER_|DAILY_SUBMISSION_QUOTA)/.test(k),
    ),
  );
  const production = { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" } as const;
  return { RECEIPT_SIGNING_KEY: newReceiptSigningKey(), ...base, ...production, ...overrides };
}

export type Managed = { name: string; child: ChildProcess; expectedExit: boolean };

/** A private redis-server on one port that can be made unavailable and brought back. */
export class PrivateRedis {
  private redis!: Redis;
  constructor(readonly port: number) {}
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.redis = (await startRedis({ port: this.port })) as Redis;
  }
  /** "restart": SIGKILL, then a fresh empty server (redis here keeps nothing on disk: every job is lost). "stop": SIGSTOP/SIGCONT (connections hang, data kept). */
  async outage(mode: "restart" | "stop", ms: number): Promise<void> {
    const child = this.redis.child;
    if (mode === "stop") {
      child.kill("SIGSTOP");
      await sleep(ms);
      child.kill("SIGCONT");
      return;
    }
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
    await sleep(ms);
    await this.start();
  }
  async stop(): Promise<void> {
    this.redis.child.kill("SIGCONT");
    await this.redis.stop();
  }
}

/** Spawns and tracks web and worker processes; an exit nobody asked for is recorded as a crash. */
export class Processes {
  readonly crashes: string[] = [];
  private all: Managed[] = [];
  private workerCount = 0;

  constructor(
    private readonly logDir: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly t0: number,
  ) {}

  private spawnLogged(name: string, args: string[], extraEnv: Record<string, string> = {}): Managed {
    const log = createWriteStream(path.join(this.logDir, `${name}.log`));
    const child = spawn(process.execPath, args, {
      env: { ...this.env, ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    const m: Managed = { name, child, expectedExit: false };
    child.on("exit", (code, signal) => {
      if (!m.expectedExit)
        this.crashes.push(
          `${name} exited on its own (${signal ?? `code ${code}`}) at +${((Date.now() - this.t0) / 1000).toFixed(1)} s; log ${path.join(this.logDir, `${name}.log`)}`,
        );
    });
    this.all.push(m);
    return m;
  }

  web(port: number): Managed {
    return this.spawnLogged("web", ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"]);
  }

  worker(extraEnv: Record<string, string> = {}): Managed {
    return this.spawnLogged(`worker-${++this.workerCount}`, [...TS, "workers/index.ts"], extraEnv);
  }

  /** SIGKILL (no graceful shutdown: its jobs are left locked in Redis). */
  async kill(m: Managed): Promise<void> {
    m.expectedExit = true;
    if (m.child.exitCode !== null || m.child.signalCode !== null) return;
    const exited = new Promise((r) => m.child.once("exit", r));
    m.child.kill("SIGKILL");
    await exited;
  }

  /** SIGTERM everything still running (then SIGKILL after 15 s). */
  async stopAll(): Promise<void> {
    await Promise.all(
      this.all.map(async (m) => {
        m.expectedExit = true;
        if (m.child.exitCode !== null || m.child.signalCode !== null) return;
        const exited = new Promise((r) => m.child.once("exit", r));
        m.child.kill("SIGTERM");
        const t = setTimeout(() => m.child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(t);
      }),
    );
  }
}

/** Waits until GET url answers 2xx (bounded). */
export async function waitHttp(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(500);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
