#!/usr/bin/env node
// Launcher for `npx h2hmem`: registers tsx so the TypeScript CLI runs straight from the repo.
import { register } from "tsx/esm/api";

register();
await import(new URL("../cli/index.ts", import.meta.url).href);
