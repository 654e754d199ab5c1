#!/usr/bin/env node
// Launcher for `npx h2hmem`: runs the compiled CLI while it is newer than its sources, else the
// TypeScript through ./register.mjs (H2HMEM_FROM_SOURCE=1 forces that).
import { readFileSync, statSync } from "node:fs";

const root = new URL("../", import.meta.url);

function compiledIsFresh() {
  if (process.env.H2HMEM_FROM_SOURCE === "1") return false;
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(new URL("dist/cli/inputs.json", root), "utf8"));
    return inputs.every((file) => statSync(new URL(file, root)).mtimeMs <= builtAt);
  } catch {
    return false; // not built, or a source was removed
  }
}

function tsxInstalled() {
  try {
    import.meta.resolve("tsx");
    return true;
  } catch {
    return false;
  }
}

// Without tsx (a production install: it is a dev dependency) the compiled CLI is all there is.
if (compiledIsFresh() || !tsxInstalled()) {
  await import(new URL("dist/cli/h2hmem.mjs", root).href);
} else {
  await import("./register.mjs");
  await import(new URL("cli/index.ts", root).href);
}
