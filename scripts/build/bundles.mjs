// `npm run build:bundles` (part of `npm run build`): compiles the TypeScript that runs outside
// Next into plain JavaScript with esbuild, so production processes never load tsx:
//   dist/server/worker.mjs, migrate.mjs  the worker and `db:migrate` (node_modules stay external)
//   dist/cli/h2hmem.mjs (+ chunks)       the checkout's CLI (bin/h2hmem.mjs runs it while fresh);
//                                        one chunk per command, loaded only when it runs
//   dist/h2hmem.mjs                      the single-file CLI the site serves at /downloads/h2hmem.mjs:
//                                        a plain esbuild bundle with every package inlined, needs only
//                                        Node >= 20; the commands that manage a server's database say
//                                        they need a checkout.
// Each with a source map (the single file: none). dist/cli/inputs.json lists the sources, for the launcher's freshness check.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

// Outside Next, `server-only` is resolved as for server code (see bin/register.mjs): empty.
const serverOnly = {
  name: "server-only",
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "export {};", loader: "js" }));
  },
};

// Packages only a server (database, queue, mail, judge) needs: the single file leaves them out.
// A command reaching one fails with NEEDS_CHECKOUT when it runs (the modules load lazily).
const SERVER_PACKAGES =
  /^(@prisma\/|@auth\/|next-auth|next($|\/)|pg($|\/)|pg-copy-streams|bullmq|ioredis|nodemailer|openai|bcryptjs|pino|prom-client|rate-limiter-flexible|dotenv)/;
// The server modules the author commands use (pure file reading): the single file keeps these.
const LOCAL_SERVER_MODULES = /lib\/server\/answer-key\/dataset-folder$/;
const NEEDS_CHECKOUT =
  "this command manages a leaderboard server: run it from a checkout of the leaderboard repository (npm link), with DATABASE_URL set. This single-file CLI validates, scores and submits.";
const serverStub = {
  name: "server-stub",
  setup(b) {
    b.onResolve({ filter: SERVER_PACKAGES }, (a) => ({ path: a.path, namespace: "server-stub" }));
    b.onResolve({ filter: /generated\/prisma|lib\/server\// }, (a) =>
      LOCAL_SERVER_MODULES.test(a.path) ? undefined : { path: a.path, namespace: "server-stub" },
    );
    b.onLoad({ filter: /.*/, namespace: "server-stub" }, (a) => ({
      loader: "js",
      // CommonJS, so any named import links and the error comes only when a command uses it.
      contents: `const e = new Error(${JSON.stringify(NEEDS_CHECKOUT)}); e.code = "NEEDS_CHECKOUT"; e.module = ${JSON.stringify(a.path)}; throw e;`,
    }));
  },
};

// zod's `z` namespace re-exports every locale's error messages (~300 KB, the bulk of the CLI); esbuild
// keeps all of a namespace that is used as a value. Only English is ever configured: the others go.
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (a) =>
      /[\\/]zod[\\/]/.test(a.importer)
        ? { path: path.join(path.dirname(a.importer), "../locales/en.js"), namespace: "zod-locales" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-locales" }, (a) => ({
      contents: `export { default as en } from ${JSON.stringify(a.path)};`,
      loader: "js",
      resolveDir: path.dirname(a.path),
    }));
  },
};

// The checkout's CLI inlines the small packages (commander, zod, jsonc-parser: fewer files to load)
// and leaves the server's to node_modules.
const serverExternal = {
  name: "server-external",
  setup(b) {
    b.onResolve({ filter: SERVER_PACKAGES }, (a) => ({ path: a.path, external: true }));
  },
};

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  // Kept at node20: nothing the bundles use needs newer, and authors may still run the single-file
  // CLI on an old Node (supported: 22 and 24, README).
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  // jsonc-parser's "main" is a UMD build with a runtime require() of its own files.
  mainFields: ["module", "main"],
  legalComments: "none",
};
// ESM output of CommonJS dependencies needs a `require` (and Prisma's generated client __dirname).
const requireShim =
  "import { createRequire as __h2hmemRequire } from 'node:module'; const require = __h2hmemRequire(import.meta.url);";

async function scorerVersion() {
  // As the scorer itself computes it: scorer-version.ts (pure TS) compiled in memory and called.
  const out = await build({
    ...common,
    absWorkingDir: root,
    entryPoints: ["lib/scoring/scorer-version.ts"],
    write: false,
    sourcemap: false,
    format: "esm",
  });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
  return mod.scorerVersionFor();
}

/** The self-contained CLI (every package inlined) at `outfile`; also used by its test. */
export async function buildSingleFile(outfile, meta) {
  const define = { H2HMEM_BUILD: JSON.stringify(meta ?? { version: pkg.version, scorer: await scorerVersion() }) };
  const out = await build({
    ...common,
    absWorkingDir: root,
    entryPoints: ["cli/index.ts"],
    outfile,
    sourcemap: false,
    plugins: [serverOnly, serverStub, zodEnglishOnly],
    define,
    banner: { js: `#!/usr/bin/env node\n${requireShim}` },
    minify: true,
    logOverride: { "import-is-undefined": "silent" },
    metafile: true,
  });
  return { bytes: Object.values(out.metafile.outputs)[0].bytes };
}

export async function buildBundles() {
  process.chdir(root);
  const t0 = Date.now();
  rmSync("dist", { recursive: true, force: true });
  const meta = { version: pkg.version, scorer: await scorerVersion() };
  const define = { H2HMEM_BUILD: JSON.stringify(meta) };
  const [, cli] = await Promise.all([
    build({
      ...common,
      entryPoints: { worker: "workers/index.ts", migrate: "scripts/dev/migrate.ts" },
      outdir: "dist/server",
      outExtension: { ".js": ".mjs" },
      splitting: true,
      packages: "external",
      plugins: [serverOnly],
      define,
    }),
    build({
      ...common,
      entryPoints: { h2hmem: "cli/index.ts" },
      outdir: "dist/cli",
      outExtension: { ".js": ".mjs" },
      splitting: true,
      plugins: [serverOnly, serverExternal, zodEnglishOnly],
      define,
      metafile: true,
      banner: { js: requireShim },
    }),
    buildSingleFile("dist/h2hmem.mjs", meta),
  ]);
  const inputs = Object.keys(cli.metafile.inputs).filter((f) => !f.startsWith("node_modules/") && !f.includes(":"));
  writeFileSync("dist/cli/inputs.json", JSON.stringify({ builtAt: t0, inputs }) + "\n"); // t0: an edit during the build counts as newer
  const file = readFileSync("dist/h2hmem.mjs");
  const sha256 = createHash("sha256").update(file).digest("hex");
  writeFileSync("dist/h2hmem.json", JSON.stringify({ ...meta, sha256, bytes: file.length }, null, 2) + "\n");
  return { ...meta, sha256, bytes: file.length, ms: Date.now() - t0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await buildBundles();
  console.log(
    `bundles: dist/server (worker, migrate), dist/cli, dist/h2hmem.mjs ${(r.bytes / 1024).toFixed(0)} KiB sha256 ${r.sha256.slice(0, 12)} (h2hmem ${r.version}, scorer ${r.scorer}) in ${r.ms} ms`,
  );
}
