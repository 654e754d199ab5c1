// Runs the repository's TypeScript server code in plain Node (worker, CLI, scripts, seed):
//   node --import ./bin/register.mjs workers/index.ts
// 1. TypeScript through tsx (what `node --import tsx` loads).
// 2. `server-only` resolved as Next resolves it for server code: with the "react-server"
//    condition, which selects the package's empty module. Its default entry throws; that is
//    what keeps lib/server out of client bundles, and outside Next there is no client bundle.
//    Only this one specifier gets the condition (React, for one, must keep its full build).
import { register } from "node:module";
import "tsx";

const hook = `export async function resolve(specifier, context, next) {
  return next(specifier, specifier === "server-only" ? { ...context, conditions: [...context.conditions, "react-server"] } : context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
