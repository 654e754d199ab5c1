import "server-only";
import type { ApiPath } from "./llms-text";

type Operation = { summary?: string; security?: unknown[] };

/** The OpenAPI document's GET operations that need no sign-in (`security: []`), in its order. */
export function publicGetPaths(paths: object): ApiPath[] {
  return Object.entries(paths as Record<string, { get?: Operation }>)
    .filter(([, ops]) => ops.get && Array.isArray(ops.get.security) && ops.get.security.length === 0)
    .map(([path, ops]) => ({ path, summary: ops.get!.summary ?? "" }));
}
