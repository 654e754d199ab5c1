// Imported lazily so `validate`/`score`/`submit` never load Prisma.
import { CliExit, EXIT_INVALID, EXIT_USAGE } from "../errors";
import { loadServerEnv } from "../server-env";

type AppErrorLike = {
  name: string;
  code: string;
  message: string;
  details?: Array<{ file?: string; path?: string; message: string }>;
};

function isAppErrorLike(e: unknown): e is AppErrorLike {
  return typeof e === "object" && e !== null && (e as { name?: string }).name === "AppError";
}

/** One line, exit 2, for what the operator's configuration is to blame for; anything else is thrown on. */
async function configurationProblem(e: unknown, database: string, source: string): Promise<string | null> {
  if ((e as { name?: string })?.name === "EnvError") return (e as Error).message.replace(/\n/g, " ");
  const { dbErrorKind } = await import("../../lib/server/db-errors");
  if (dbErrorKind(e) !== "unavailable") return null;
  // Prisma's message quotes the calling code; its last line says what failed.
  const why = String((e as Error).message)
    .trim()
    .split("\n")
    .pop();
  const hint = source === "DATABASE_URL" ? "" : "; is the quick start running?";
  return `cannot reach the database ${database} (from ${source}): ${why}${hint}`;
}

export async function withDb(fn: () => Promise<void>): Promise<never> {
  const { database, source } = await loadServerEnv();
  process.stderr.write(`h2hmem: database ${database} (from ${source})\n`);
  const { db } = await import("../../lib/server/db");
  try {
    await fn();
  } catch (e) {
    if (isAppErrorLike(e)) {
      process.stderr.write(`h2hmem: ${e.message}\n`);
      for (const d of e.details ?? [])
        process.stderr.write(
          `  ${[d.file, d.path].filter(Boolean).join(" ")}${d.file || d.path ? ": " : ""}${d.message}\n`,
        );
      throw new CliExit(EXIT_INVALID);
    }
    const problem = await configurationProblem(e, database, source);
    if (problem === null) throw e;
    process.stderr.write(`h2hmem: ${problem}\n`);
    throw new CliExit(EXIT_USAGE);
  } finally {
    // The client is made on first use: after an EnvError, making it here would throw again.
    await Promise.resolve()
      .then(() => db.$disconnect())
      .catch(() => undefined);
  }
  throw new CliExit(0);
}
