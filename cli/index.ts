// h2hmem CLI entry. To add a command: create cli/commands/<name>.ts exporting
// `register(program: Command): void`, then add one line to COMMANDS below.
import { Command, CommanderError } from "commander";
import { CliExit, EXIT_OK, EXIT_USAGE, UsageError } from "./errors";
import { register as validate } from "./commands/validate";
import { register as score } from "./commands/score";
import { register as answerKey } from "./commands/answer-key";
import { register as user } from "./commands/user";
import { register as token } from "./commands/token";
import { register as submit } from "./commands/submit";
import { register as judge } from "./commands/judge";
import { register as backup } from "./commands/backup";
import { register as restore } from "./commands/restore";
import { register as demo } from "./commands/demo";
import { register as submission } from "./commands/submission";
import { register as verify } from "./commands/verify";

const COMMANDS: Array<(program: Command) => void> = [
  validate,
  score,
  answerKey,
  user,
  token,
  submit,
  judge,
  backup,
  restore,
  demo,
  submission,
  verify,
];

export function buildProgram(): Command {
  const program = new Command("h2hmem")
    .description("H2HMem leaderboard tools: validate and score prediction files, manage the server.")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride(); // inherited by subcommands: lets main() map commander errors to exit 2
  for (const add of COMMANDS) add(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
    return EXIT_OK;
  } catch (err) {
    if (err instanceof CliExit) return err.code;
    if (err instanceof CommanderError) {
      // --help / --version exit 0; unknown options, missing arguments, bad choices exit 2.
      return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (err instanceof UsageError) {
      process.stderr.write(`h2hmem: ${err.message}\n`);
      return EXIT_USAGE;
    }
    process.stderr.write(`h2hmem: unexpected error: ${(err as Error).stack ?? String(err)}\n`);
    return 70;
  }
}

process.exitCode = await main(process.argv.slice(2));
