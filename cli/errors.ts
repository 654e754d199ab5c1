// Exit codes of the CLI contract: 0 success/valid, 1 invalid input data, 2 usage error.
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

/** Wrong invocation: bad flag values, missing or unreadable files. Exits 2. */
export class UsageError extends Error {}

export function intOption(raw: string, name: string, min: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

/** Ends the command with an exit code after its output was written. */
export class CliExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}
