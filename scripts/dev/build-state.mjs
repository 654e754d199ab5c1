// Decides whether `next build` must run: a content hash of everything the build reads,
// stored in .data/build-hash after a successful build (and .next/BUILD_ID must exist).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const INPUT_DIRS = ["app", "components", "lib", "public", "workers", "generated", "styles", "hooks"];
const INPUT_FILES = [
  "next.config.js",
  "next.config.mjs",
  "next.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  "prisma/schema.prisma",
  "dist/h2hmem.json",
  "middleware.ts",
  "proxy.ts",
  "auth.ts",
];
const SKIP = /(^|\/)(node_modules|\.next|\.git)(\/|$)|\.test\.tsx?$/;

function walk(root, rel, out) {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return;
  if (statSync(abs).isDirectory()) {
    for (const name of readdirSync(abs).sort()) walk(root, path.join(rel, name), out);
  } else if (!SKIP.test(rel)) {
    out.push(rel);
  }
}

export function sourceHash(root) {
  const files = [];
  for (const d of INPUT_DIRS) walk(root, d, files);
  for (const f of INPUT_FILES) if (existsSync(path.join(root, f))) files.push(f);
  const h = createHash("sha256");
  for (const f of files) {
    h.update(f)
      .update("\0")
      .update(readFileSync(path.join(root, f)))
      .update("\0");
  }
  return h.digest("hex");
}

const stateFile = (root) => path.join(root, ".data", "build-hash");

export function buildIsCurrent(root) {
  if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !existsSync(stateFile(root))) return false;
  return readFileSync(stateFile(root), "utf8").trim() === sourceHash(root);
}

export function recordBuild(root, hash = sourceHash(root)) {
  mkdirSync(path.dirname(stateFile(root)), { recursive: true });
  writeFileSync(stateFile(root), `${hash}\n`);
}
