import { describe, expect, it } from "vitest";
import { classify, errorRate, latencyTable, percentile, Recorder } from "../../../scripts/soak/stats";
import { diffRows, rowKey, type ComparableRow } from "../../../scripts/soak/expected";
import { methodNameFor, seedFromMethodName } from "../../../scripts/soak/files";

describe("soak statistics", () => {
  it("percentile is nearest-rank on unsorted samples", () => {
    const xs = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(xs, 50)).toBe(5);
    expect(percentile(xs, 99)).toBe(10);
    expect(percentile(xs, 10)).toBe(1);
    expect(percentile([42], 99)).toBe(42);
    expect(percentile([], 50)).toBeNaN();
    expect(xs[0]).toBe(5); // input left unsorted
  });

  it("counts 5xx, other 4xx and connection errors as errors, 429 as throttled", () => {
    expect(classify(200)).toBe("ok");
    expect(classify(202)).toBe("ok");
    expect(classify(304)).toBe("ok");
    expect(classify(429)).toBe("throttled");
    expect(classify(503)).toBe("error");
    expect(classify(404)).toBe("error");
    expect(classify(null)).toBe("error");
  });

  it("summarises per kind and keeps the first error notes", () => {
    const rec = new Recorder();
    for (let i = 1; i <= 100; i++)
      rec.add({
        kind: "page /",
        ms: i,
        status: i === 100 ? 500 : 200,
        at: i * 10,
        note: i === 100 ? "boom" : undefined,
      });
    rec.add({ kind: "api POST", ms: 7, status: null, at: 5, note: "ECONNREFUSED" });
    rec.add({ kind: "api POST", ms: 9, status: 429, at: 6 });
    const [api, page] = rec.byKind();
    expect(page).toMatchObject({ kind: "page /", requests: 100, answered: 100, errors: 1, p50: 50, p99: 99, max: 100 });
    expect(api).toMatchObject({ kind: "api POST", requests: 2, answered: 1, errors: 1, throttled: 1 });
    expect(errorRate(rec.summary())).toBe("1.96");
    expect(errorRate({ requests: 0, errors: 0 })).toBe("0.00");
    expect(rec.errorNotes.get("page /")).toEqual(["500 at +1.0 s: boom"]);
    const table = latencyTable(rec.byKind(), rec.summary());
    expect(table).toHaveLength(5);
    expect(table[4]).toContain("**all**");
  });
});

describe("soak verification helpers", () => {
  const row = (metric: string, value: number): ComparableRow => ({
    split: "overall",
    scope: "ALL",
    metric,
    aggregate: "micro",
    value,
    ciLow: value - 0.1,
    ciHigh: value + 0.1,
    n: 10,
  });

  it("diffRows finds changed, missing and unexpected rows with exact equality", () => {
    const expected = new Map([row("f1", 0.5), row("judge", 0.25)].map((r) => [rowKey(r), r]));
    expect(diffRows(expected, [row("f1", 0.5), row("judge", 0.25)])).toEqual([]);
    const changed = diffRows(expected, [row("f1", 0.5 + Number.EPSILON), row("bleu1", 0.1)]);
    expect(changed[0]).toMatch(/^overall\|ALL\|f1\|micro: stored/);
    expect(changed).toContain("unexpected row overall|ALL|bleu1|micro");
    expect(changed).toContain("missing row overall|ALL|judge|micro");
  });

  it("the seed of an upload round-trips through its method name", () => {
    expect(seedFromMethodName(methodNameFor(2, 17, 123456789))).toBe(123456789);
    expect(seedFromMethodName("Demo: Near-Oracle (synthetic)")).toBeNull();
  });
});
