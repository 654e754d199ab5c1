import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_NODE_MAJOR, cliFileBytes, cliFileInfo } from "@/lib/server/downloads/cli-file";

const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-cli-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the served single-file CLI", () => {
  it("reports what the build wrote beside the file, and the file's bytes", () => {
    const file = Buffer.from("#!/usr/bin/env node\nconsole.log('h2hmem');\n");
    const sha256 = createHash("sha256").update(file).digest("hex");
    writeFileSync(path.join(dir, "h2hmem.mjs"), file);
    writeFileSync(
      path.join(dir, "h2hmem.json"),
      JSON.stringify({ version: "9.9.9", scorer: "lex-1+nltk+sw198", sha256, bytes: file.length, extra: true }),
    );
    expect(cliFileInfo(dir)).toEqual({ version: "9.9.9", scorer: "lex-1+nltk+sw198", sha256, bytes: file.length });
    expect(cliFileBytes(dir)).toEqual(file);
  });

  it("is null when the checkout was not built", () => {
    const empty = path.join(dir, "not-built");
    expect(cliFileInfo(empty)).toBeNull();
    expect(cliFileBytes(empty)).toBeNull();
  });
});

describe("the Node the single-file CLI needs (issue 45)", () => {
  const root = path.resolve(import.meta.dirname, "../../../..");
  const read = (f: string) => readFileSync(path.join(root, f), "utf8");

  it("is said one way: the Submit and About pages from CLI_NODE_MAJOR, the README and package.json the same", () => {
    for (const lang of ["en", "zh"]) {
      const usage = (JSON.parse(read(`lib/i18n/messages/${lang}.json`)) as { common: { cliUsage: string } }).common
        .cliUsage;
      expect(usage).toContain("Node {node}");
      expect(usage).not.toMatch(/Node \d/);
    }
    expect(read("README.md")).toContain(`It needs\nonly Node ${CLI_NODE_MAJOR} or newer`);
    const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
    expect(engines).toMatch(new RegExp(`^\\^${CLI_NODE_MAJOR}\\.`));
  });
});
