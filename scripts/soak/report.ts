// The soak's report: one markdown block, printed, and with --record appended to
// docs/BENCHMARKS.md under the machine, the command and the load average it ran with.
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { latencyTable, percentile, type Recorder } from "../../scripts/soak/stats";
import type { DrainResult, VerifyResult } from "./verify";

export function machine(): string {
  const cpu = os.cpus();
  return `${os.type()} ${os.release()}, ${cpu.length} x ${cpu[0]?.model.trim() ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}`;
}

/** 1-minute load average every `everyMs` while running. */
export function loadSampler(everyMs = 10_000) {
  const samples: number[] = [];
  const take = () => samples.push(os.loadavg()[0]!);
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop: () => clearInterval(timer),
    describe: () => {
      const min = Math.min(...samples).toFixed(2);
      const max = Math.max(...samples).toFixed(2);
      const mean = (samples.reduce((a, b) => a + b, 0) / samples.length).toFixed(2);
      return `1-min load average during the run: min ${min}, mean ${mean}, max ${max} (${samples.length} samples); 1/5/15 at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" / ")}`;
    },
  };
}

export type ReportInput = {
  command: string;
  config: string;
  events: string[];
  recorder: Recorder;
  uploadsSent: number;
  retriedUploads: number;
  judgeCalls: number | null;
  drain: DrainResult;
  verify: VerifyResult;
  failures: string[];
  load: string;
  logDir: string;
  /** Redis outage window, ms since the load started. */
  outage: { fromMs: number; toMs: number };
};

export function renderReport(r: ReportInput): string {
  const isPage = (k: string) => k.startsWith("page ");
  const rows = r.recorder.byKind();
  const pages = r.recorder.summary(isPage, "all pages");
  const all = r.recorder.summary(undefined, "all requests");
  const v = r.verify;
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  return [
    `### Soak run (\`npm run soak\`), ${when} UTC`,
    "",
    `Machine: ${machine()}. Command: \`${r.command}\`.`,
    `${r.config}`,
    `${r.load}.`,
    "",
    "Events:",
    ...r.events.map((e) => `- ${e}`),
    "",
    ...latencyTable(rows, all),
    "",
    `Pages (board, entry, compare) together: ${pages.requests} requests, ${pages.errors} errors, p50 ${pages.p50.toFixed(0)} ms, p99 ${pages.p99.toFixed(0)} ms.`,
    `Pages p99 per 30 s of load (where the tail comes from; faults above): ${pagesP99By30s(r.recorder, isPage)}.`,
    "",
    duringOutage(r),
    `Log lines (pino level warn / error) in ${r.logDir}: ${logLevels(r.logDir)}.`,
    "",
    "| submissions | count |",
    "|---|---:|",
    `| upload requests sent (incl. ${r.retriedUploads} retries of the same bytes) | ${r.uploadsSent} |`,
    `| accepted (202, distinct ids) | ${v.acknowledged} |`,
    `| stored without a 202 reaching the client | ${v.unacknowledged.length} |`,
    `| completed (SCORED) | ${v.scored} |`,
    `| failed (FAILED) | ${v.failed.length} |`,
    `| lost (accepted, then missing or never final) | ${v.lost.length} |`,
    `| scores identical to scoring the files alone | ${v.verified} of ${v.scored} |`,
    "",
    `Drain after the load: ${(r.drain.ms / 1000).toFixed(1)} s until every submission was final${r.drain.notFinal.length ? ` (TIMED OUT with ${r.drain.notFinal.length} open)` : ""}.` +
      (r.judgeCalls !== null ? ` Fake judge requests: ${r.judgeCalls}.` : ""),
    "",
    r.failures.length === 0
      ? "**Bar met: zero lost submissions, every result identical.**"
      : `**Bar NOT met:**\n${r.failures.map((f) => `- ${f}`).join("\n")}`,
    ...errorNotes(r.recorder),
    "",
  ].join("\n");
}

/** Requests that started while Redis was unavailable: were they answered, and how fast? */
function duringOutage(r: ReportInput): string {
  const inWindow = r.recorder.samples.filter((x) => x.at - x.ms >= r.outage.fromMs && x.at - x.ms < r.outage.toMs);
  const uploads = inWindow.filter((x) => x.kind.startsWith("api POST"));
  const pages = inWindow.filter((x) => x.kind.startsWith("page "));
  const ok = (xs: typeof inWindow) => xs.filter((x) => x.status !== null && x.status < 400).length;
  const max = (xs: typeof inWindow) => (xs.length ? Math.max(...xs.map((x) => x.ms)).toFixed(0) : "-");
  return `Started while Redis was unavailable: ${uploads.length} uploads (${ok(uploads)} answered 2xx, slowest ${max(uploads)} ms), ${pages.length} page views (${ok(pages)} 2xx, slowest ${max(pages)} ms), ${inWindow.length} requests in all (${ok(inWindow)} 2xx).`;
}

function logLevels(dir: string): string {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".log"))
    .sort()
    .map((f) => {
      const text = readFileSync(`${dir}/${f}`, "utf8");
      return `${f} ${text.split('"level":40').length - 1} / ${text.split('"level":50').length - 1 + text.split('"level":60').length - 1}`;
    })
    .join(", ");
}

function errorNotes(rec: Recorder): string[] {
  if (rec.errorNotes.size === 0) return [];
  return [
    "",
    "First errors per request kind:",
    ...[...rec.errorNotes].map(([k, notes]) => `- ${k}: ${notes.join(" | ")}`),
  ];
}

export function record(markdown: string): string {
  const file = path.resolve("docs/BENCHMARKS.md");
  appendFileSync(file, `\n${markdown}`);
  return file;
}

/** "+0 s 412 ms · +30 s 380 ms · ...", by when the answer came. */
function pagesP99By30s(recorder: Recorder, isPage: (kind: string) => boolean): string {
  const windows: number[][] = [];
  for (const x of recorder.samples) if (isPage(x.kind)) (windows[Math.floor(x.at / 30_000)] ??= []).push(x.ms);
  return windows.flatMap((ms, w) => (ms ? [`+${w * 30} s ${percentile(ms, 99).toFixed(0)} ms`] : [])).join(" · ");
}
