import "server-only";
import { DEFAULT_RESAMPLES, EVIDENCE_METRICS, evidenceGroup, promptTemplate } from "@/lib/scoring";
import { backboneKey, OTHER_BACKBONE } from "@/lib/validation/backbones";
import type { EntryDetail } from "../leaderboard/entries";

// Every Eval Ever schema (evaleval/every_eval_ever, eval.schema.json 0.3.0).

const EEE_SCHEMA_VERSION = "0.3.0";
export const H2HMEM_HF_DATASET = "varib/H2HMEM";

const METRIC_NAMES: Record<string, string> = {
  judge: "LLM-judge score",
  f1: "Token F1",
  bleu1: "BLEU-1",
  precision: "Token precision",
  recall: "Token recall",
};
const METRIC_KIND: Record<string, string> = {
  judge: "llm_judge_score",
  f1: "f1",
  bleu1: "bleu",
  precision: "precision",
  recall: "recall",
};
const SPLIT_ORDER = ["overall", "dyadic", "multi-party"];

// What the maintained backbone list tells about the method's model: API-only models are closed
// and run by their vendor; open-weight ones may run anywhere (deployment unknown).
const CLOSED = new Set<string>(["GPT-4.1-nano", "GPT-4.1-mini", "GPT-4o-mini", "GPT-4o", "Gemini-2.0-Flash"]);
function deployment(backbone: string | null) {
  const key = backboneKey(backbone);
  if (!key || key === OTHER_BACKBONE)
    return { deployment_type: "unknown" as const, model_availability: "unknown" as const };
  return CLOSED.has(key)
    ? { deployment_type: "externally_managed" as const, model_availability: "closed_weights" as const }
    : { deployment_type: "unknown" as const, model_availability: "open_weights" as const };
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9._]+/)
    .filter(Boolean)
    .join("-") || "unknown";

function judgeScoring(judge: NonNullable<EntryDetail["judge"]>) {
  const builtin = promptTemplate();
  return {
    judges: [
      {
        model_info: {
          name: judge.demo ? `${judge.model} (demo judge, not an LLM)` : judge.model,
          id: judge.model,
          additional_details: { deployment_type: "unknown" as const, model_availability: "unknown" as const },
        },
      },
    ],
    input_prompt:
      judge.promptVersion === builtin.version
        ? builtin.text
        : `Custom judge prompt, version ${judge.promptVersion} (a hash of its text).`,
    additional_details: { prompt_version: judge.promptVersion },
  };
}

/** The aggregate record's ids, which the instance-level records repeat (eee-instances.ts). */
export function eeeIds(entry: EntryDetail) {
  const scored = entry.scoredAt ?? entry.approvedAt ?? entry.createdAt;
  const retrieved = String(Math.floor(Date.parse(scored) / 1000));
  const modelId = `${slug(entry.organization ?? "unknown")}/${slug(entry.methodName)}`;
  return { scored, retrieved, modelId, evaluationId: `h2hmem/${modelId}/${retrieved}` };
}

/** Who ran the method and made the predictions: what the board knows, never more. */
function provenance(entry: EntryDetail): Record<string, string> {
  const s = entry.source;
  return {
    predictions_generated_by: entry.isBaseline
      ? `baseline run added by the leaderboard's administrators${entry.organization ? ` (${entry.organization})` : ""}`
      : `the submitting account${entry.organization ? ` of ${entry.organization}` : ""} (self-reported method card)`,
    predictions_submitted_from: s
      ? `${s.verified ? "verified CI run" : "CI (stated)"} ${s.repo}${s.commit ? `@${s.commit}` : ""}`
      : "upload",
    // Issue 49: stated on the method card (first-party | third-party, and whose method).
    ...(entry.ranBy ? { ran_by: entry.ranBy } : {}),
    ...(entry.methodOwner ? { method_owner: entry.methodOwner } : {}),
  };
}

/** The evidence metrics over every question (strings, as EEE wants); "not reported" without retrieved sessions. */
function evidenceDetails(entry: EntryDetail): Record<string, string> {
  const g = evidenceGroup(entry.evidence);
  if (!g) return { evidence: "not reported" };
  const out: Record<string, string> = { evidence_n: String(g.n), evidence_no_gold: String(g.noGold) };
  for (const m of EVIDENCE_METRICS) out[`evidence_${m}`] = g[m].value === null ? "null" : String(g[m].value);
  return out;
}

type Samples = { filePath: string; checksum: string; totalRows: number };

/** `samples`: the instance-level file, for an entry with public predictions. */
export function eeeDocument(entry: EntryDetail, origin: string, samples?: Samples) {
  const entryUrl = `${origin}/entries/${entry.id}`;
  const { scored, retrieved, modelId, evaluationId } = eeeIds(entry);
  const rows = entry.scores
    .filter((r) => r.aggregate === "micro")
    .sort(
      (a, b) =>
        SPLIT_ORDER.indexOf(a.split) - SPLIT_ORDER.indexOf(b.split) ||
        (a.scope === "ALL" ? -1 : b.scope === "ALL" ? 1 : a.scope.localeCompare(b.scope)) ||
        a.metric.localeCompare(b.metric),
    );
  return {
    schema_version: EEE_SCHEMA_VERSION,
    evaluation_id: evaluationId,
    evaluation_timestamp: scored,
    retrieved_timestamp: retrieved,
    source_metadata: {
      source_name: "H2HMem Leaderboard",
      source_type: "evaluation_run" as const,
      source_organization_name: "H2HMem Leaderboard",
      source_organization_url: origin,
      evaluator_relationship: "third_party" as const,
      additional_details: {
        entry_id: entry.id,
        entry_url: entryUrl,
        predictions_sha256: entry.contentSha256,
        trust_tier: entry.tier,
        runs: String(entry.runs),
        ...(entry.flipRate != null ? { flip_rate: String(entry.flipRate) } : {}),
        ...(entry.answerKey ? { answer_key_sha256: entry.answerKey.contentSha256 } : {}),
        ...provenance(entry),
        ...evidenceDetails(entry),
      },
    },
    eval_library: {
      name: "h2hmem-leaderboard",
      version: entry.scorerVersion ?? entry.publishedScorerVersion,
      additional_details: { published_scorer_version: entry.publishedScorerVersion },
    },
    model_info: {
      name: entry.methodName,
      id: modelId,
      ...(entry.organization ? { developer: entry.organization } : {}),
      additional_details: {
        ...deployment(entry.backbone),
        ...(entry.backbone ? { backbone: entry.backbone } : {}),
        ...(entry.memoryMethod ? { memory_method: entry.memoryMethod } : {}),
        ...(entry.modality ? { modality: entry.modality } : {}),
        // The conditions of the run (issue 48): the board ranks each track on its own.
        track: entry.track,
        ...(entry.track !== entry.declaredTrack ? { declared_track: entry.declaredTrack } : {}),
        ...(entry.trackReason ? { track_placement: entry.trackReason.rule } : {}),
        ...(entry.contextTopK !== null ? { context_top_k: String(entry.contextTopK) } : {}),
        ...(entry.contextTokens !== null ? { context_tokens: String(entry.contextTokens) } : {}),
      },
    },
    ...(samples
      ? {
          detailed_evaluation_results: {
            format: "jsonl" as const,
            file_path: samples.filePath,
            hash_algorithm: "sha256" as const,
            checksum: samples.checksum,
            total_rows: samples.totalRows,
            additional_details: { url: `${origin}/api/v1/entries/${entry.id}/eee-samples.jsonl` },
          },
        }
      : {}),
    evaluation_results: rows.map((r) => ({
      evaluation_result_id: `${r.split}/${r.scope}/${r.metric}`,
      evaluation_name: `H2HMem ${r.split} ${r.scope === "ALL" ? "all categories" : r.scope} ${r.metric}`,
      source_data: {
        dataset_name: `H2HMem (${r.split})`,
        source_type: "hf_dataset" as const,
        hf_repo: H2HMEM_HF_DATASET,
        hf_split: "test",
        additional_details: { h2hmem_split: r.split, category: r.scope },
      },
      evaluation_timestamp: scored,
      metric_config: {
        evaluation_description: `${METRIC_NAMES[r.metric] ?? r.metric} on ${r.scope === "ALL" ? "every question" : `the ${r.scope} questions`} of the ${r.split} split, mean over questions (micro).`,
        metric_id: `h2hmem.${r.metric}`,
        metric_name: METRIC_NAMES[r.metric] ?? r.metric,
        metric_kind: METRIC_KIND[r.metric] ?? r.metric,
        metric_unit: "proportion",
        lower_is_better: false,
        score_type: "continuous" as const,
        min_score: 0,
        max_score: 1,
        ...(r.metric === "judge" && entry.judge ? { llm_scoring: judgeScoring(entry.judge) } : {}),
        additional_details: { aggregate: "micro", scorer_version: entry.scorerVersion ?? "" },
      },
      score_details: {
        score: r.value,
        // k replicate runs: the score is their mean; run_sd their spread (docs/SCORING.md §9d).
        details: { runs: String(entry.runs), ...(r.runSd != null ? { run_sd: String(r.runSd) } : {}) },
        uncertainty: {
          ...(r.ciLow !== null && r.ciHigh !== null
            ? {
                confidence_interval: {
                  lower: r.ciLow,
                  upper: r.ciHigh,
                  confidence_level: 0.95,
                  method:
                    entry.runs > 1
                      ? "percentile bootstrap over questions and runs"
                      : "percentile bootstrap over questions",
                },
                num_bootstrap_samples: DEFAULT_RESAMPLES,
              }
            : {}),
          num_samples: r.n,
        },
      },
    })),
  };
}
