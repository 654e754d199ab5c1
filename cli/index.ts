// h2hmem CLI entry. To add a command: create cli/commands/<name>.ts exporting
// `register(program: Command): void`, then add one line to COMMANDS below. A command module is
// loaded only when that command runs (or for the full `h2hmem --help`), so keep its top level
// light: import what the action needs inside the action.
import { isMainThread, workerData } from "node:worker_threads";
import { Command, CommanderError } from "commander";
import { CliExit, EXIT_OK, EXIT_USAGE, UsageError } from "./errors";
import { versionLine } from "./version";
import { SCORE_THREAD_ROLE, setEntryUrl } from "./entry";

type CommandModule = { register: (program: Command) => void };

const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  validate: () => import("./commands/validate"),
  score: () => import("./commands/score"),
  submit: () => import("./commands/submit"),
  "answer-key": () => import("./commands/answer-key"),
  user: () => import("./commands/user"),
  token: () => import("./commands/token"),
  judge: () => import("./commands/judge"),
  backup: () => import("./commands/backup"),
  restore: () => import("./commands/restore"),
  demo: () => import("./commands/demo"),
  submission: () => import("./commands/submission"),
  verify: () => import("./commands/verify"),
};

/** The program with the command `argv` names, or every command when it names none (help). */
export async function buildProgram(argv: readonly string[] = []): Promise<Command> {
  const program = new Command("h2hmem")
    .description("H2HMem leaderboard tools: validate and score prediction files, manage the server.")
    .version(await versionLine(), "-V, --version", "print the CLI's version and its scorer version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride(); // inherited by subcommands: lets main() map commander errors to exit 2
  const named = argv.find((a) => !a.startsWith("-"));
  const wanted = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  if (argv.length === 1 && (argv[0] === "-V" || argv[0] === "--version")) wanted.length = 0;
  const modules = await Promise.all(wanted.map((name) => COMMANDS[name]()));
  for (const m of modules) m.register(program);
  return program;
}

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

// The same file is the entry of `score`'s worker threads (score-pool.ts).
if (!isMainThread && (workerData as { role?: string } | null)?.role === SCORE_THREAD_ROLE) await import("./score-thread");
else {
  setEntryUrl(import.meta.url);
  process.exitCode = await main(process.argv.slice(2));
}
