// `h2hmem verify`: the work is in verify-run.ts, loaded only when the command runs.
import type { Command } from "commander";
import { CliExit } from "../errors";
import type { VerifyOptions } from "./verify-run";
import { describeCommand } from "./catalog";

export function register(program: Command): void {
  program
    .command("verify")
    .description(describeCommand("verify"))
    .argument("<entry>", "entry URL (https://host/entries/<id>) or id (with --url)")
    .option("--url <url>", "server base URL, e.g. http://localhost:3000 (default: the entry URL's)")
    .option("--answer-key <dir>", "official dataset folder (required when the entry was scored against the answer key)")
    .option("--json", "print one JSON object instead of the table")
    .action(async (ref: string, opts: VerifyOptions) => {
      const { runVerify } = await import("./verify-run");
      throw new CliExit(await runVerify(ref, opts));
    });
}
