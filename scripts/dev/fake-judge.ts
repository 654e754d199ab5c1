// Standalone fake OpenAI-compatible judge, for the quick start demo and benchmarks.
//   npx tsx scripts/dev/fake-judge.ts [--port 3600] [--host 127.0.0.1] [--latency-ms 0] [--mode prose|off-grid|missing-ids|...]
// Then run the worker with JUDGE_BASE_URL=<printed url> JUDGE_API_KEY=fake.
// It grades deterministically (1 = same as the ground truth, 0.5 = shares a word, 0 = else);
// --mode obedient follows any "score <level>" found in its prompt (an injection-prone grader).
// It is NOT a real judge, and scores produced with it mean nothing beyond testing the plumbing.
import { parseArgs } from "node:util";
import { startFakeJudgeServer, type FakeFault } from "../../scripts/dev/fake-judge-server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.FAKE_JUDGE_PORT ?? "3600" },
    host: { type: "string", default: "127.0.0.1" },
    "latency-ms": { type: "string", default: "0" },
    mode: { type: "string" },
    quiet: { type: "boolean", default: false },
  },
});

const MODES = [
  "malformed",
  "lenient",
  "faithful",
  "noisy",
  "missing-ids",
  "off-grid",
  "prose",
  "empty",
  "length",
  "server-error",
  "rate-limit",
  "obedient",
] as const;
function modeFault(mode: string | undefined): FakeFault | null {
  if (!mode) return null;
  if (!(MODES as readonly string[]).includes(mode)) {
    console.error(`fake-judge: unknown --mode ${mode}; one of ${MODES.join(", ")}`);
    process.exit(2);
  }
  return mode === "rate-limit" ? { kind: "rate-limit", retryAfterSeconds: 1 } : ({ kind: mode } as FakeFault);
}

const server = await startFakeJudgeServer({
  port: Number(values.port),
  host: values.host,
  latencyMs: Number(values["latency-ms"]),
});
server.mode = modeFault(values.mode);
console.log(
  `fake-judge: listening at ${server.baseURL} (latency ${server.latencyMs} ms${server.mode ? `, mode ${server.mode.kind}` : ""})`,
);
console.log(`fake-judge: use JUDGE_BASE_URL=${server.baseURL} JUDGE_API_KEY=fake`);

let last = 0;
const ticker = values.quiet
  ? null
  : setInterval(() => {
      if (server.requests !== last) console.log(`fake-judge: ${(last = server.requests)} requests served`);
    }, 5000);

async function shutdown(signal: string) {
  if (ticker) clearInterval(ticker);
  await server.close();
  console.log(`fake-judge: ${signal}, stopped after ${server.requests} requests`);
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
