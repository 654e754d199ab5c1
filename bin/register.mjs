// Runs the repository's TypeScript in plain Node; `server-only` gets the "react-server" condition,
// as Next gives server code: outside Next there is no client bundle to guard.
import { register } from "node:module";
import { fileURLToPath } from "node:url";

// The checkout's tsconfig (its `@/` paths) wherever the command runs: tsx would look in the working folder.
process.env.TSX_TSCONFIG_PATH ??= fileURLToPath(new URL("../tsconfig.json", import.meta.url));
await import("tsx");

const hook = `export async function resolve(specifier, context, next) {
  return next(specifier, specifier === "server-only" ? { ...context, conditions: [...context.conditions, "react-server"] } : context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
