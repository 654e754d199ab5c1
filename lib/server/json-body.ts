import "server-only";
import type { z } from "zod";
import { AppError } from "./errors";

/** JSON body parsed against one schema; a missing or invalid body is a 422 naming the fields. */
export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S, message: string): Promise<z.infer<S>> {
  const body: unknown = await req.json().catch(() => ({}));
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", message, { details: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) });
  }
  return parsed.data;
}
