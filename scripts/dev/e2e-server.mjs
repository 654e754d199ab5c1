// Playwright's webServer: prepares the e2e database, then runs the built app and a compiled worker as in production;
// if either dies, the other is stopped.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrateDatabase, runNode, TS } from "./services.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(root);
const port = process.env.PORT ?? "3310";
const say = (m) => console.log(`[e2e-server] ${m}`);

if (!process.env.DATABASE_URL) {
  console.error("[e2e-server] DATABASE_URL is not set (playwright.config.ts passes E2E_DATABASE_URL)");
  process.exit(2);
}
if (!existsSync(".next/BUILD_ID") || !existsSync("dist/server/worker.mjs")) {
  console.error("[e2e-server] no production build: run `npm run build` first (npm test does)");
  process.exit(2);
}
await migrateDatabase(process.env.DATABASE_URL, { stdio: ["ignore", "ignore", "inherit"] });
// A demo deployment under NODE_ENV=production, whose database holds the suites' own accounts.
if (existsSync("prisma/seed.ts")) {
  const code = await runNode([...TS, "prisma/seed.ts", "--existing-users", "--demo"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (code !== 0) {
    console.error(`[e2e-server] prisma/seed.ts failed (exit ${code})`);
    process.exit(1);
  }
  say("database migrated and seeded");
}

const children = [
  spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", port, "-H", "127.0.0.1"], {
    stdio: "inherit",
  }),
  spawn(process.execPath, ["--enable-source-maps", "dist/server/worker.mjs"], { stdio: "inherit" }),
];
let stopping = false;
const stopAll = (code) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r))))).then(() =>
    process.exit(code),
  );
};
children.forEach((c, i) =>
  c.on("exit", (code, signal) => {
    if (!stopping) console.error(`[e2e-server] ${i === 0 ? "web" : "worker"} exited (${signal ?? code}); stopping`);
    stopAll(1);
  }),
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => stopAll(0));
