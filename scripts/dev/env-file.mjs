// Minimal .env reading/writing for the quick start (runs before dependencies exist).
import { generateKeyPairSync, randomBytes } from "node:crypto";
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

/** An Ed25519 PKCS#8 PEM on one line (newlines as \\n, which lib/server/env.ts reads back), for RECEIPT_SIGNING_KEY. */
export function newReceiptSigningKey() {
  const { privateKey } = generateKeyPairSync("ed25519");
  return privateKey.export({ type: "pkcs8", format: "pem" }).toString().trim().replace(/\n/g, "\\n");
}

/** Ensures `.env` has an AUTH_SECRET and a RECEIPT_SIGNING_KEY (generated once). Returns { created, added: names }. */
export function ensureDotEnv(file) {
  const generated = {
    AUTH_SECRET: () => randomBytes(32).toString("base64"),
    RECEIPT_SIGNING_KEY: newReceiptSigningKey,
  };
  const have = readEnvFile(file);
  const added = Object.keys(generated).filter((k) => !have[k]);
  const lines = added.map((k) => `${k}=${generated[k]()}`);
  if (!existsSync(file)) {
    const header = [
      "# Written by `npm run quickstart` on first run; edit freely (see .env.example for every variable).",
      "# Leave DATABASE_URL / REDIS_URL unset to let the quick start run embedded PostgreSQL and redis-server.",
    ];
    writeFileSync(file, [...header, ...lines, ""].join("\n"), { mode: 0o600 });
    return { created: true, added };
  }
  if (added.length) writeFileSync(file, `${readFileSync(file, "utf8").replace(/\n?$/, "\n")}${lines.join("\n")}\n`);
  return { created: false, added };
}

export function writeEnvFile(file, values, header) {
  const lines = [header ? `# ${header}` : null, ...Object.entries(values).map(([k, v]) => `${k}=${v}`)].filter(Boolean);
  writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
}
