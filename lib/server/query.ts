import "server-only";
import type { z } from "zod";
import { AppError, zodDetails } from "./errors";

// Query strings of public API routes: parsed with one zod schema at the edge; a bad value is a 400 naming the parameter.

export function parseQuery<S extends z.ZodType>(schema: S, url: string | URL): z.infer<S> {
  const params = new URL(url).searchParams;
  const raw: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in raw)) raw[k] = v;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const details = zodDetails(parsed.error.issues, raw);
  const names = [...new Set(details.map((d) => d.path).filter(Boolean))];
  const first = parsed.error.issues[0]!;
  throw new AppError(
    "BAD_REQUEST",
    `Invalid query parameter${names.length > 1 ? "s" : ""} ${names.map((n) => `"${n}"`).join(", ")}: ${first.message}`,
    { details },
  );
}
