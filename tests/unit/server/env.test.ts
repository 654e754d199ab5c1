import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateKeyPairSync } from "node:crypto";
import { EnvError, gitHubEndpoints, huggingFaceEnabled, parseEnv } from "../../../lib/server/env";
import { newReceiptKey } from "../../support/receipts";

const valid = { DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/h2hmem" };

function errorOf(source: Record<string, string | undefined>): EnvError {
  try {
    parseEnv(source);
  } catch (err) {
    if (err instanceof EnvError) return err;
    throw err;
  }
  throw new Error("expected parseEnv to throw");
}

describe("parseEnv", () => {
  it("keeps the demo judge's model name for the loopback fake judge (JUDGE_DEMO=true)", () => {
    expect(parseEnv({ ...valid, JUDGE_DEMO: "true", JUDGE_BASE_URL: "http://127.0.0.1:3600/v1" }).JUDGE_DEMO).toBe(
      true,
    );
    expect(parseEnv(valid).JUDGE_DEMO).toBe(false);
    expect(
      errorOf({ ...valid, JUDGE_MODEL: "h2hmem-demo-judge", JUDGE_BASE_URL: "https://api.example.org/v1" }).message,
    ).toMatch(/JUDGE_MODEL: h2hmem-demo-judge is reserved/);
    expect(errorOf({ ...valid, JUDGE_DEMO: "true", JUDGE_BASE_URL: "https://api.example.org/v1" }).message).toMatch(
      /JUDGE_DEMO: .*loopback/,
    );
    expect(errorOf({ ...valid, JUDGE_DEMO: "true" }).message).toMatch(/JUDGE_DEMO: needs JUDGE_BASE_URL/);
  });

  it("accepts a minimal environment and fills defaults", () => {
    const env = parseEnv(valid);
    expect(env.DATABASE_URL).toBe(valid.DATABASE_URL);
    expect(env.REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(env.PORT).toBe(3000);
    expect(env.QUEUE_PREFIX).toBe("h2hmem");
    expect(env.TRUSTED_PROXY_HOPS).toBe(1);
  });

  it("names a missing required variable in one clear message", () => {
    const err = errorOf({});
    expect(err.message).toMatch(/^Invalid environment configuration:\n {2}DATABASE_URL: /);
    expect(err.message.split("\n").filter((l) => l.startsWith("  "))).toHaveLength(1);
    expect(err.message).toContain(".env.example");
  });

  it.each([
    ["DATABASE_URL", "not a url", /DATABASE_URL: must be a postgres:\/\/ URL/],
    ["PORT", "70000", /PORT: /],
    ["PORT", "abc", /PORT: /],
    ["LOG_LEVEL", "loud", /LOG_LEVEL: /],
    ["AUTH_SECRET", "short", /AUTH_SECRET: must be at least 16 characters/],
    ["WORKER_CONCURRENCY", "0", /WORKER_CONCURRENCY: /],
    ["LEXICAL_TOKENIZER", "spacy", /LEXICAL_TOKENIZER: /],
    ["TRUSTED_PROXY_HOPS", "0", /TRUSTED_PROXY_HOPS: /],
    ["GITHUB_URL", "ftp://github.example.org", /GITHUB_URL: must be an http\(s\) URL/],
    ["GITHUB_API_URL", "not a url", /GITHUB_API_URL: /],
  ])("rejects %s=%s naming the variable", (name, value, pattern) => {
    const err = errorOf({ ...valid, [name]: value });
    expect(err.message).toMatch(pattern);
    expect(err.message.split("\n").filter((l) => l.startsWith("  "))).toEqual([
      expect.stringMatching(new RegExp(`^  ${name}: `)),
    ]);
  });

  // Issue 47 (the lows): production never falls back to the request's Host header.
  it("requires AUTH_URL when NODE_ENV=production, except while `next build` runs", () => {
    expect(errorOf({ ...valid, NODE_ENV: "production" }).message).toMatch(
      /^Invalid environment configuration:\n {2}AUTH_URL: is required when NODE_ENV=production/,
    );
    const key = newReceiptKey().pem;
    expect(
      parseEnv({ ...valid, NODE_ENV: "production", AUTH_URL: "https://board.example", RECEIPT_SIGNING_KEY: key })
        .AUTH_URL,
    ).toBe("https://board.example");
    expect(() => parseEnv({ ...valid, NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).not.toThrow();
    expect(() => parseEnv({ ...valid, NODE_ENV: "development" })).not.toThrow();
  });

  // Issue 49: receipts signed by one key on every replica, checked at start.
  it("requires RECEIPT_SIGNING_KEY when NODE_ENV=production and refuses a key that is not Ed25519 PKCS#8", () => {
    expect(errorOf({ ...valid, NODE_ENV: "production", AUTH_URL: "https://board.example" }).message).toMatch(
      /\n {2}RECEIPT_SIGNING_KEY: is required when NODE_ENV=production/,
    );
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" });
    expect(errorOf({ ...valid, RECEIPT_SIGNING_KEY: rsa.toString() }).message).toMatch(
      /RECEIPT_SIGNING_KEY: is a rsa key; receipts need Ed25519/,
    );
    expect(errorOf({ ...valid, RECEIPT_PREVIOUS_KEYS: "x" }).message).toMatch(/RECEIPT_PREVIOUS_KEYS: holds no key/);
    expect(() => parseEnv({ ...valid, RECEIPT_SIGNING_KEY: newReceiptKey().pem.replace(/\n/g, "\\n") })).not.toThrow();
  });

  it("lists every bad variable at once", () => {
    const err = errorOf({ PORT: "-1", JUDGE_RPM: "0" });
    for (const name of ["DATABASE_URL", "PORT", "JUDGE_RPM"]) expect(err.message).toContain(`  ${name}: `);
  });

  it("treats empty strings as unset (so `JUDGE_BASE_URL=` in .env means not configured)", () => {
    const env = parseEnv({ ...valid, JUDGE_BASE_URL: "", PORT: "" });
    expect(env.JUDGE_BASE_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
  });

  it("coerces numbers and booleans from strings", () => {
    const env = parseEnv({ ...valid, PORT: "3301", TRUSTED_PROXY_HOPS: "2", WORKER_CONCURRENCY: "4" });
    expect(env).toMatchObject({ PORT: 3301, TRUSTED_PROXY_HOPS: 2, WORKER_CONCURRENCY: 4 });
  });
});

describe("gitHubEndpoints", () => {
  it("github.com (unset or spelled out): the API is api.github.com, no Enterprise endpoints", () => {
    const dotCom = { webUrl: "https://github.com", apiUrl: "https://api.github.com", enterprise: false };
    expect(gitHubEndpoints({})).toEqual(dotCom);
    expect(gitHubEndpoints({ GITHUB_URL: "https://github.com/" })).toEqual(dotCom);
  });

  it("a GitHub Enterprise Server GITHUB_URL: the API under <GITHUB_URL>/api/v3", () => {
    expect(gitHubEndpoints({ GITHUB_URL: "https://github.example.org/" })).toEqual({
      webUrl: "https://github.example.org",
      apiUrl: "https://github.example.org/api/v3",
      enterprise: true,
    });
  });

  it("GITHUB_API_URL wins over the derived API URL", () => {
    expect(
      gitHubEndpoints({ GITHUB_URL: "https://github.example.org", GITHUB_API_URL: "https://api.github.example.org/" })
        .apiUrl,
    ).toBe("https://api.github.example.org");
    expect(gitHubEndpoints({ GITHUB_API_URL: "http://127.0.0.1:9999/gh" })).toMatchObject({
      webUrl: "https://github.com",
      apiUrl: "http://127.0.0.1:9999/gh",
    });
  });
});

describe(".env.example", () => {
  it("documents every variable of the env schema", () => {
    const source = readFileSync(path.join(import.meta.dirname, "../../../lib/server/env.ts"), "utf8");
    const block = source.slice(source.indexOf("z.object({"), source.indexOf("\n});", source.indexOf("z.object({")));
    const names = [...block.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(10);
    const example = readFileSync(path.join(import.meta.dirname, "../../../.env.example"), "utf8");
    const documented = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    expect(names.filter((n) => !documented.has(n))).toEqual([]);
  });

  it("is itself a valid configuration (with its example DATABASE_URL)", () => {
    const example = readFileSync(path.join(import.meta.dirname, "../../../.env.example"), "utf8");
    const values = Object.fromEntries([...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]));
    expect(() => parseEnv(values)).not.toThrow();
  });
});

describe("Hugging Face sign-in and CI token settings", () => {
  const base = { DATABASE_URL: "postgresql://u@127.0.0.1:5432/db" };
  it("default to Hugging Face's and GitHub Actions' issuers; HF sign-in is off unless both client values are set", () => {
    const e = parseEnv(base);
    expect(e.HF_ISSUER).toBe("https://huggingface.co");
    expect(e.CI_OIDC_ISSUER).toBe("https://token.actions.githubusercontent.com");
    expect(huggingFaceEnabled(e)).toBe(false);
    expect(huggingFaceEnabled(parseEnv({ ...base, HF_CLIENT_ID: "id" }))).toBe(false);
    expect(huggingFaceEnabled(parseEnv({ ...base, HF_CLIENT_ID: "id", HF_CLIENT_SECRET: "s" }))).toBe(true);
  });
  it("refuse an issuer that is not an http(s) URL, naming the variable", () => {
    expect(() => parseEnv({ ...base, HF_ISSUER: "ftp://hf.example" })).toThrow(/HF_ISSUER/);
    expect(() => parseEnv({ ...base, CI_OIDC_ISSUER: "not a url" })).toThrow(/CI_OIDC_ISSUER/);
  });
});
