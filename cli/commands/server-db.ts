// Imported lazily so `validate`/`score`/`submit` never load Prisma.
import { CliExit, EXIT_INVALID } from "../errors";

type AppErrorLike = {
  name: string;
  code: string;
  message: string;
  details?: Array<{ file?: string; path?: string; message: string }>;
};

function isAppErrorLike(e: unknown): e is AppErrorLike {
  return typeof e === "object" && e !== null && (e as { name?: string }).name === "AppError";
}

export async function withDb(fn: () => Promise<void>): Promise<never> {
  (await import("dotenv")).config({ quiet: true });
  const { db } = await import("../../lib/server/db");
  try {
    await fn();
  } catch (e) {
    if (!isAppErrorLike(e)) throw e;
    process.stderr.write(`h2hmem: ${e.message}\n`);
    for (const d of e.details ?? [])
      process.stderr.write(
        `  ${[d.file, d.path].filter(Boolean).join(" ")}${d.file || d.path ? ": " : ""}${d.message}\n`,
      );
    throw new CliExit(EXIT_INVALID);
  } finally {
    await db.$disconnect();
  }
  throw new CliExit(0);
}
