// The quick start's .env: generated once with AUTH_SECRET and RECEIPT_SIGNING_KEY (issue 49), an
// older .env gets only what it lacks, and the one-line key is one the app's env check accepts.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { ensureDotEnv, readEnvFile } from "@/scripts/dev/env-file.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "h2hmem-envfile-"));

describe("ensureDotEnv", () => {
  it("writes both secrets on first run and keeps them after", () => {
    const file = path.join(dir, "fresh.env");
    expect(ensureDotEnv(file)).toEqual({ created: true, added: ["AUTH_SECRET", "RECEIPT_SIGNING_KEY"] });
    const first = readEnvFile(file) as Record<string, string>;
    expect(first.RECEIPT_SIGNING_KEY).toMatch(/^-----BEGIN PRIVATE KEY-----\\n\S+\\n-----END PRIVATE KEY-----$/);
    const env = parseEnv({
      DATABASE_URL: "postgresql://u@127.0.0.1/x",
      ...first,
      NODE_ENV: "production",
      AUTH_URL: "https://b.example",
    });
    expect(env.RECEIPT_SIGNING_KEY).toBe(first.RECEIPT_SIGNING_KEY);
    expect(ensureDotEnv(file)).toEqual({ created: false, added: [] });
    expect(readEnvFile(file)).toEqual(first);
  });

  it("adds only the receipt key to an older .env", () => {
    const file = path.join(dir, "old.env");
    writeFileSync(file, "AUTH_SECRET=kept-secret-0123456789\nPORT=3001");
    expect(ensureDotEnv(file)).toEqual({ created: false, added: ["RECEIPT_SIGNING_KEY"] });
    const text = readFileSync(file, "utf8");
    expect(text.startsWith("AUTH_SECRET=kept-secret-0123456789\nPORT=3001\nRECEIPT_SIGNING_KEY=-----BEGIN")).toBe(true);
  });
});
