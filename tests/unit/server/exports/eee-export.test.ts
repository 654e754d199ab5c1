// The EEE document of an entry with judge scores: every judge result names the judge under
// `llm_scoring` (model, prompt) and the whole document validates against eval.schema.json.
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { evidenceReport, promptTemplate } from "@/lib/scoring";
import type { EntryDetail } from "@/lib/server/leaderboard/entries";
import { eeeDocument } from "@/lib/server/exports/eee-export";
import { hfEvalResultsYaml } from "@/lib/server/exports/hf-eval-results";
import { parse } from "yaml";

const schema = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../../../fixtures/eee/eval.schema.json"), "utf8"),
) as object;
const version = "lex-1+key-abcdef12+judge-gpt-x";
const row = (split: string, scope: string, metric: string, value: number) => ({
  split,
  scope,
  metric,
  aggregate: "micro",
  value,
  ciLow: value - 0.05,
  ciHigh: value + 0.05,
  n: 40,
});
const entry = {
  id: "e1",
  methodName: 'Mem "Graph"\n- v2',
  organization: "Lab A",
  backbone: "gpt-4o",
  memoryMethod: null,
  ranBy: "third-party",
  methodOwner: "Graph authors",
  modality: "multimodal",
  track: "full-context",
  declaredTrack: "memory",
  trackReason: { rule: "topK", questions: 3, of: 4, topK: 20 },
  contextTopK: 20,
  contextTokens: null,
  contentSha256: "f".repeat(64),
  answerKey: null,
  scoredAt: "2026-06-02T10:00:00.000Z",
  approvedAt: "2026-06-03T10:00:00.000Z",
  createdAt: "2026-06-01T10:00:00.000Z",
  scorerVersion: version,
  publishedScorerVersion: version,
  judge: { model: "gpt-x", promptVersion: promptTemplate().version, demo: false },
  runs: 3,
  flipRate: 0.25,
  tier: "reproduced",
  scores: [
    { ...row("overall", "ALL", "judge", 0.61), runSd: 0.02 },
    row("overall", "ALL", "f1", 0.42),
    row("dyadic", "KR", "judge", 0.5),
    { ...row("overall", "ALL", "f1", 0.4), aggregate: "macro" },
  ],
} as unknown as EntryDetail;

describe("eeeDocument", () => {
  it("carries the track, the placement and the context budget in model_info.additional_details", () => {
    const d = eeeDocument(entry, "https://board.example").model_info.additional_details as Record<string, string>;
    expect(d).toMatchObject({
      track: "full-context",
      declared_track: "memory",
      track_placement: "topK",
      context_top_k: "20",
    });
    expect(d).not.toHaveProperty("context_tokens");
  });

  it("names the judge under llm_scoring and validates against the EEE schema", () => {
    const doc = eeeDocument(entry, "https://board.example");
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc.evaluation_results.map((r) => r.evaluation_result_id)).toEqual([
      "overall/ALL/f1",
      "overall/ALL/judge",
      "dyadic/KR/judge",
    ]);
    const judged = doc.evaluation_results.filter((r) => r.evaluation_result_id.endsWith("/judge"));
    for (const r of judged) {
      expect(r.metric_config.llm_scoring?.judges[0]!.model_info.id).toBe("gpt-x");
      expect(r.metric_config.llm_scoring?.input_prompt).toBe(promptTemplate().text);
    }
    expect(doc.evaluation_results[0]!.metric_config.llm_scoring).toBeUndefined();
    expect(doc.eval_library.version).toBe(version);
    // Issue 49, point 4: who ran it, as the method card states it.
    expect(doc.source_metadata.additional_details).toMatchObject({
      ran_by: "third-party",
      method_owner: "Graph authors",
    });
    const own = eeeDocument({ ...entry, ranBy: null, methodOwner: null }, "https://board.example");
    expect(own.source_metadata.additional_details).not.toHaveProperty("ran_by");
    expect((doc.source_metadata.additional_details as Record<string, string>).evidence).toBe("not reported");
  });

  it("carries the evidence metrics as strings in additional_details, still valid EEE", () => {
    const evidence = evidenceReport([
      { split: "dyadic", category: "UPR", qid: "a", gold: 2, retrieved: ["session2"], f1: 0.5, judge: 0.5 },
      { split: "dyadic", category: "UPR", qid: "b", gold: 1, retrieved: ["session2"], f1: 0.25, judge: 1 },
    ]);
    const doc = eeeDocument({ ...entry, evidence }, "https://board.example");
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc.source_metadata.additional_details).toMatchObject({
      evidence_n: "2",
      evidence_recallAt1: "0.5",
      evidence_judgeWhenMissed: "1",
      evidence_wrongHadEvidence: "1",
    });
  });

  it("carries k, the run spread, the flip rate and the tier (docs/SCORING.md §9d)", () => {
    const doc = eeeDocument(entry, "https://board.example");
    expect(doc.source_metadata.additional_details).toMatchObject({
      runs: "3",
      flip_rate: "0.25",
      trust_tier: "reproduced",
    });
    const judge = doc.evaluation_results.find((r) => r.evaluation_result_id === "overall/ALL/judge")!;
    expect(judge.score_details.details).toEqual({ runs: "3", run_sd: "0.02" });
    expect(judge.score_details.uncertainty?.confidence_interval?.method).toBe(
      "percentile bootstrap over questions and runs",
    );
  });

  it("the HF snippet parses as YAML (one item per split x metric, micro over all categories) whatever the name holds", () => {
    const items = parse(hfEvalResultsYaml(entry, "https://board.example")) as Array<Record<string, unknown>>;
    expect(items.map((i) => (i.dataset as { task_id: string }).task_id)).toEqual(["overall-judge", "overall-f1"]);
    expect(items[0]!.notes).toContain("judge gpt-x");
  });

  it("no method name can forge a result: line breaks of any YAML version stay inside the comment", () => {
    const forged = "M\u0085- dataset:\u2028    id: forged\u2029\r\n  value: 1\u000b\u001b\u009f";
    const yaml = hfEvalResultsYaml(
      { ...entry, methodName: forged, scorerVersion: `${version}\u0085x` },
      "https://b.example",
    );
    // YAML 1.1 (PyYAML) breaks lines at NEL, LS and PS as well as CR and LF.
    const lines = yaml.split(/\r\n|[\r\n\u0085\u2028\u2029]/);
    expect(
      lines.filter((l) => !l.startsWith("#") && !l.startsWith("- dataset:") && !l.startsWith("  ") && l !== ""),
    ).toEqual([]);
    expect(lines.filter((l) => l.startsWith("- "))).toHaveLength(2);
    expect(yaml).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    // Quoted strings keep their text once parsed (escaped, not dropped): the judge model is in the notes.
    const judged = hfEvalResultsYaml(
      { ...entry, judge: { ...entry.judge!, model: "j\u0085x\u2028y" } },
      "https://b.example",
    );
    expect(judged).not.toMatch(/[\u0085\u2028]/);
    expect((parse(judged) as Array<{ notes: string }>)[0]!.notes).toContain("judge j\u0085x\u2028y");
  });
});
