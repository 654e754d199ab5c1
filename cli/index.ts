// h2hmem CLI entry (cli/program.ts has the commands): maps errors to exit codes, and starts the
// scoring thread instead when the compiled file is loaded as one.
import { CommanderError } from "commander";
import { CliExit, EXIT_OK, EXIT_USAGE, UsageError } from "./errors";
import { SCORE_THREAD_ARG, SCORE_THREAD_ROLE, setEntryUrl } from "./entry";
import { buildProgram } from "./program";

export async function main(argv: string[]): Promise<number> {
  try {
    await (await buildProgram(argv)).parseAsync(argv, { from: "user" });
    return EXIT_OK;
  } catch (err) {
    if (err instanceof CliExit) return err.code;
    if (err instanceof CommanderError) {
      // --help / --version exit 0; unknown options, missing arguments, bad choices exit 2.
      return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (err instanceof UsageError || (err as { code?: string }).code === "NEEDS_CHECKOUT") {
      process.stderr.write(`h2hmem: ${(err as Error).message}\n`);
      return EXIT_USAGE;
    }
    process.stderr.write(`h2hmem: unexpected error: ${(err as Error).stack ?? String(err)}\n`);
    return 70;
  }
}

// The same file is the entry of `score`'s worker threads (score-pool.ts), told by their argv and
// confirmed by worker_threads, which other runs never load (entry.ts). No top-level await: the
// single file runs this as a script (cli/single-file-loader.ts).
if (process.argv[2] === SCORE_THREAD_ARG) {
  void import("node:worker_threads").then(async ({ isMainThread, workerData }) => {
    if (!isMainThread && (workerData as { role?: string } | null)?.role === SCORE_THREAD_ROLE) await import("./score-thread");
    else run();
  });
} else run();

/** What may remain when a run has nothing left to do: the stdio handles, handles being closed. */
const IDLE_RESOURCES = new Set(["TTYWrap", "PipeWrap", "TCPWrap", "CloseReq"]);

function run(): void {
  setEntryUrl(import.meta.url);
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
    // Done: exit at once. Node's own teardown at a natural exit (the heap freed piece by piece: ~120
    // munmap calls after a full-size score) costs 5-15 ms more. Only when nothing is pending: no write
    // still queued (a pipe is written asynchronously on macOS), no file operation, no timer.
    if (process.getActiveResourcesInfo?.().every((r) => IDLE_RESOURCES.has(r))) process.exit(code);
  });
}
