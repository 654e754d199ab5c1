#!/usr/bin/env node
// Launcher for `npx h2hmem`: loads TypeScript and server-only as ./register.mjs says, then the CLI.
import "./register.mjs";

await import(new URL("../cli/index.ts", import.meta.url).href);
