// `h2hmem score --per-question` streams its lines while scoring: the file must still appear only
// for a successful run (never partial, never left behind as a temporary file).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, runH2hmem as h2hmem } from "../../support/run-h2hmem";

const PRED = path.join(REPO_ROOT, "tests/fixtures/predictions");
const KEY = path.join(REPO_ROOT, "prisma/seed-data/dataset");

describe("h2hmem score --per-question", () => {
  it("writes one line per prediction on success and nothing (no temp file) when scoring fails", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "h2hmem-pq-"));
    const out = path.join(dir, "pq.jsonl");
    const good = path.join(PRED, "good/prediction_dyadic.json");
    const ok = await h2hmem("score", "--dyadic", good, "--answer-key", KEY, "--json", "--per-question", out);
    expect(ok.code).toBe(0);
    const lines = readFileSync(out, "utf8").split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(JSON.parse(readFileSync(good, "utf8")).predictions.length);
    expect(lines.map((l) => JSON.parse(l).index)).toEqual(lines.map((_, i) => i));

    writeFileSync(out, "previous run\n");
    const swapped = await h2hmem(
      "score",
      "--dyadic",
      path.join(PRED, "swapped/prediction_dyadic.json"),
      "--multiparty",
      path.join(PRED, "swapped/prediction_multiparty.json"),
      "--answer-key",
      KEY,
      "--per-question",
      out,
    );
    expect(swapped.code).toBe(1);
    expect(swapped.stderr).toContain("SPLIT_SWAPPED");
    expect(readFileSync(out, "utf8")).toBe("previous run\n");
    expect(readdirSync(dir)).toEqual(["pq.jsonl"]);

    const unwritable = await h2hmem(
      "score",
      "--dyadic",
      good,
      "--per-question",
      path.join(dir, "missing-dir", "pq.jsonl"),
    );
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toContain("cannot write --per-question file");
  }, 120_000);
});
