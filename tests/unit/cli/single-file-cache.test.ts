// The single-file CLI's loader (cli/single-file-loader.ts): the program compiled through V8's code
// cache, one file per command in a folder only this user can write; every cache state gives the
// same output, and a bad or unsafe cache is never used.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSingleFile } from "../../../scripts/build/bundles.mjs";

let dir = "";
let bundle = "";
const ITEM = { question_text: "Q?", question_image: "", system_answer: "Paris is the capital.", original_answer: "Paris", category: "Knowledge Resolution" };

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-single-file-cache-"));
  bundle = path.join(dir, "h2hmem.mjs");
  await buildSingleFile(bundle, { version: "0.0.0-test", scorer: "test-scorer" });
  writeFileSync(path.join(dir, "prediction_dyadic.json"), JSON.stringify({ predictions: [ITEM, { ...ITEM, question_text: "Q2?" }] }));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(cacheDir: string, ...args: string[]) {
  const env = { ...process.env, H2HMEM_CACHE_DIR: cacheDir, H2HMEM_CACHE_DEBUG: "1" };
  const r = spawnSync(process.execPath, [bundle, ...args], { cwd: dir, env, encoding: "utf8" });
  const cache = /h2hmem code cache: (\w+)/.exec(r.stderr)?.[1];
  return { code: r.status, stdout: r.stdout, cache, stderr: r.stderr.replace(/^h2hmem code cache: .*\n/gm, "") };
}

describe("the single-file CLI's code cache", () => {
  it("is ASCII only (the loader reads it as latin1) and starts with the loader", () => {
    const text = readFileSync(bundle);
    expect(text.every((b) => b < 0x80)).toBe(true);
    expect(text.toString("latin1").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("holds only the zod members the CLI uses (its `z` read as a namespace import: not zod's whole API)", () => {
    const text = readFileSync(bundle, "latin1");
    expect(text).toContain("function object("); // z.object, used by the schemas
    expect(text).not.toContain("function fromJSONSchema("); // z.fromJSONSchema, never used
  });

  it("loads neither node:child_process (commander's, for subcommands it has none of) nor node:worker_threads for a small file", () => {
    for (const args of [["--help"], ["validate", "prediction_dyadic.json"], ["score", "--json", "--resamples", "20", "--dyadic", "prediction_dyadic.json"]]) {
      const probe = `process.argv = [process.argv[0], ${JSON.stringify(bundle)}, ...${JSON.stringify(args)}];
        process.on("exit", () => process.stderr.write("\\nloaded: " + process.moduleLoadList.filter((m) => /^NativeModule (child_process|worker_threads)$/.test(m)).join(",") + "\\n"));
        await import(${JSON.stringify(pathToFileURL(bundle).href)});`;
      const r = spawnSync(process.execPath, ["--input-type=module", "-e", probe], { cwd: dir, env: { ...process.env, H2HMEM_CACHE_DIR: "off" }, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr, args.join(" ")).toMatch(/^loaded: $/m);
    }
  });

  it("misses, writes, then hits, one file per command, with identical output", () => {
    const cache = path.join(dir, "cache-1");
    mkdirSync(cache, { mode: 0o700 });
    const old = path.join(cache, "0123456789abcdef-v20.0.0-x64-score.bin");
    const recent = path.join(cache, "fedcba9876543210-v20.0.0-x64-score.bin");
    writeFileSync(old, "x");
    writeFileSync(recent, "x");
    utimesSync(old, new Date("2020-01-01"), new Date("2020-01-01"));
    const args = ["score", "--json", "--resamples", "50", "--dyadic", "prediction_dyadic.json"];
    const first = run(cache, ...args);
    expect(first.code, first.stderr).toBe(0);
    expect(first.cache).toBe("miss");
    const second = run(cache, ...args);
    expect(second.cache).toBe("hit");
    expect(second.stdout).toBe(first.stdout);
    expect(run(cache, "validate", "prediction_dyadic.json").cache).toBe("miss");
    expect(run(cache, "validate", "prediction_dyadic.json").cache).toBe("hit");
    // Another build's cache is removed once it is a week old.
    expect(readdirSync(cache)).toContain(path.basename(recent));
    expect(readdirSync(cache)).not.toContain(path.basename(old));
    const codeCaches = readdirSync(cache).filter((f) => f !== path.basename(recent) && !f.startsWith("lexical-"));
    expect(codeCaches.map((f) => f.replace(/^.*-/, "")).sort()).toEqual(["score.bin", "validate.bin"]);
    // score also kept its pairs' lexical results (cli/lexical-cache.ts), in the same folder.
    expect(readdirSync(cache).filter((f) => f.startsWith("lexical-"))).toEqual([expect.stringMatching(/^lexical-[0-9a-f]{16}-nltk-new\.bin$/)]);
    expect(run(cache, "--version").stdout.trim()).toBe("h2hmem 0.0.0-test (scorer test-scorer)");
  });

  it("score --no-cache neither reads nor writes the lexical cache, and prints the same report", () => {
    const cache = path.join(dir, "cache-3");
    const args = ["score", "--json", "--timings", "--threads", "1", "--resamples", "50", "--dyadic", "prediction_dyadic.json"];
    const fresh = run(cache, ...args, "--no-cache");
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stderr).not.toMatch(/lexical cache:/);
    expect(readdirSync(cache).filter((f) => f.startsWith("lexical-"))).toEqual([]);
    const first = run(cache, ...args);
    expect(first.stderr).toMatch(/^lexical cache: 0 of 2 pairs from earlier runs$/m);
    expect(run(cache, ...args).stderr).toMatch(/^lexical cache: 2 of 2 pairs from earlier runs$/m);
    const again = run(cache, ...args, "--no-cache");
    expect(again.stderr).not.toMatch(/lexical cache:/);
    expect(again.stdout).toBe(fresh.stdout);
    expect(first.stdout).toBe(fresh.stdout);
  });

  it("rejects a damaged cache file, still answers correctly and rewrites it", () => {
    const cache = path.join(dir, "cache-2");
    const good = run(cache, "validate", "prediction_dyadic.json", "--json");
    const file = path.join(cache, readdirSync(cache).find((f) => f.endsWith("validate.bin"))!);
    const bytes = readFileSync(file);
    writeFileSync(file, Buffer.concat([bytes.subarray(0, 64), Buffer.alloc(bytes.length - 64, 7)]));
    const damaged = run(cache, "validate", "prediction_dyadic.json", "--json");
    expect(damaged.cache).toBe("rejected");
    expect(damaged.stdout).toBe(good.stdout);
    expect(run(cache, "validate", "prediction_dyadic.json", "--json").cache).toBe("hit");
  });

  it("is not used from a folder others can write, nor when switched off", () => {
    const shared = path.join(dir, "cache-shared");
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    const r = run(shared, "validate", "prediction_dyadic.json");
    expect(r.code).toBe(0);
    expect(r.cache).toBe("off");
    expect(readdirSync(shared)).toEqual([]);
    expect(run("off", "validate", "prediction_dyadic.json").cache).toBe("off");
  });
});
