// Exit codes of the CLI contract: 0 success/valid, 1 invalid input data, 2 usage error.
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

/** Wrong invocation: bad flag values, missing or unreadable files. Exits 2. */
export class UsageError extends Error {}

/** Ends the command with an exit code after its output was written. */
export class CliExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}
