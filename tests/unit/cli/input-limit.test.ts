// `h2hmem validate` / `score` read a prediction file whole, up to LOCAL_MAX_BYTES (cli/io.ts):
// past it the file is refused before it is read (exit 1, naming the file, its size, the limit and
// what to do); a pipe is read whole too and gives the same report as the regular file.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_MAX_BYTES } from "@/cli/io";
import { REPO_ROOT, runH2hmem as h2hmem } from "../../support/run-h2hmem";

const PRED = path.join(REPO_ROOT, "tests/fixtures/predictions");
let dir = "";
let huge = "";

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "h2hmem-limit-"));
  // A sparse file one byte past the limit: no disk space used, and never read.
  huge = path.join(dir, "prediction_dyadic.json");
  writeFileSync(huge, "");
  truncateSync(huge, LOCAL_MAX_BYTES + 1);
});

type Issue = { severity: string; code: string; file: string; message: string; fix?: string };

describe("local input limit", () => {
  it("is documented as at least 100,000 typical predictions (~450 bytes each)", () => {
    expect(LOCAL_MAX_BYTES).toBeGreaterThanOrEqual(100_000 * 1000);
  });

  it("validate refuses a larger file without reading it: TOO_LARGE with file, size, limit and advice, exit 1", async () => {
    const r = await h2hmem("validate", huge, "--json");
    expect(r.code).toBe(1);
    const [issue] = (JSON.parse(r.stdout) as { issues: Issue[] }).issues;
    expect(issue).toMatchObject({ severity: "error", code: "TOO_LARGE", file: "prediction_dyadic.json" });
    expect(issue.message).toContain("prediction_dyadic.json has 268,435,457 bytes (256.0 MiB)");
    expect(issue.message).toContain("up to 268,435,456 bytes (256.0 MiB)");
    expect(issue.fix).toMatch(/about 1 MB .*split them/);
  }, 60_000);

  it("score refuses it the same way (exit 1, the error on stderr)", async () => {
    const r = await h2hmem("score", "--dyadic", huge);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Cannot score: the files have errors.");
    expect(r.stderr).toContain("ERROR   TOO_LARGE  prediction_dyadic.json");
    expect(r.stderr).toContain("268,435,457 bytes");
  }, 60_000);

  it("--max-bytes can lower the limit but not raise it (exit 2)", async () => {
    const r = await h2hmem(
      "validate",
      path.join(PRED, "good/prediction_dyadic.json"),
      "--max-bytes",
      String(LOCAL_MAX_BYTES + 1),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("can lower the local limit");
  }, 60_000);

  it("reads a named pipe whole and reports exactly as for the regular file", async () => {
    const source = path.join(PRED, "with-warnings/prediction_dyadic.json");
    const fifo = path.join(dir, "pipe", "prediction_dyadic.json");
    execFileSync("mkdir", ["-p", path.dirname(fifo)]);
    execFileSync("mkfifo", [fifo]);
    const [piped] = await Promise.all([h2hmem("validate", fifo, "--json"), writeFile(fifo, readFileSync(source))]);
    const regular = await h2hmem("validate", source, "--json");
    expect(piped.code).toBe(0);
    expect(piped).toEqual(regular);
  }, 60_000);
});
