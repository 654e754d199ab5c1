// h2hmem CLI entry (cli/program.ts has the commands): maps errors to exit codes.
import { CommanderError } from "commander";
import { CliExit, EXIT_OK, EXIT_USAGE, UsageError } from "./errors";
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

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
