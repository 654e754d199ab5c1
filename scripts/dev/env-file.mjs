// Minimal .env reading/writing for the quick start (runs before dependencies exist).
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** KEY=VALUE lines; quotes stripped; comments and blanks ignored. */
export function readEnvFile(file) {
  if (!existsSync(file)) return {};
  const out = {};
  for (const raw of readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=([^\n\r\u2028\u2029]*)[\n\r\u2028\u2029]*$/.exec(raw);
    if (!m) continue;
    let v = m[2].trimStart();
    if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) v = v.slice(1, -1);
    else v = v.replace(/(?<!\s)\s+#.*$/, "");
    out[m[1]] = v;
  }
  return out;
}

/** Ensures `.env` has an AUTH_SECRET (generated once). Returns { created, addedSecret }. */
export function ensureDotEnv(file) {
  const secret = randomBytes(32).toString("base64");
  if (!existsSync(file)) {
    writeFileSync(
      file,
      [
        "# Written by `npm run quickstart` on first run; edit freely (see .env.example for every variable).",
        "# Leave DATABASE_URL / REDIS_URL unset to let the quick start run embedded PostgreSQL and redis-server.",
        `AUTH_SECRET=${secret}`,
        "",
      ].join("\n"),
      { mode: 0o600 },
    );
    return { created: true, addedSecret: true };
  }
  if (readEnvFile(file).AUTH_SECRET) return { created: false, addedSecret: false };
  writeFileSync(file, `${readFileSync(file, "utf8").replace(/\n?$/, "\n")}AUTH_SECRET=${secret}\n`);
  return { created: false, addedSecret: true };
}

export function writeEnvFile(file, values, header) {
  const lines = [header ? `# ${header}` : null, ...Object.entries(values).map(([k, v]) => `${k}=${v}`)].filter(Boolean);
  writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
}
