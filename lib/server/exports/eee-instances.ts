import "server-only";
import { createHash } from "node:crypto";
import { db } from "../db";
import { AppError } from "../errors";
import type { EntryDetail } from "../leaderboard/entries";
import { eeeIds } from "./eee-export";
import { QUESTION_ORDER, QUESTION_SCORE_SELECT } from "../scores/question-scores";

// Every Eval Ever's instance-level file (instance_level_eval 0.2.2, `detailed_evaluation_results`):
// one JSONL record per scored prediction and metric, each pointing at the aggregate result it feeds
// (`<split>/ALL/<metric>`). Only for an approved entry whose author made the predictions public:
// the records carry the answers. Key questions nobody answered have no record (they count 0).

const INSTANCE_SCHEMA_VERSION = "instance_level_eval_0.2.2";
const METRICS = ["f1", "bleu1", "precision", "recall", "judge"] as const;
const FIELD = { f1: "f1", bleu1: "bleu1", precision: "precision", recall: "recall", judge: "judgeScore" } as const;
// Lexical scores are token overlaps computed from the answer, the judge grades it on the rubric.
const EXTRACTION = { judge: "llm_judge", lexical: "token_overlap" } as const;

export type EeeSamples = { filePath: string; checksum: string; totalRows: number; jsonl: string };

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** A version-4-shaped UUID derived from the evaluation id, so the file path is stable (schema pattern). */
function stableUuid(seed: string): string {
  const h = sha256(seed);
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function eeeSamples(entry: EntryDetail): Promise<EeeSamples> {
  if (!entry.publicPredictions || !entry.scorerVersion)
    throw new AppError("NOT_FOUND", "No public predictions for this entry (its author keeps them private).");
  const { evaluationId, modelId } = eeeIds(entry);
  const rows = await db.questionScore.findMany({
    where: { submissionId: entry.id, scorerVersion: entry.scorerVersion },
    orderBy: QUESTION_ORDER,
    select: {
      ...QUESTION_SCORE_SELECT,
      judgeReasoning: true,
      prediction: {
        select: {
          questionText: true,
          questionImage: true,
          systemAnswer: true,
          originalAnswer: true,
          category: true,
          referenceQuestion: { select: { qid: true, answer: true } },
        },
      },
    },
  });
  const lines: string[] = [];
  for (const r of rows) {
    const p = r.prediction;
    // The server's answer key is the gold when the prediction was matched to it.
    const gold = p.referenceQuestion?.answer ?? p.originalAnswer;
    const raw = p.questionImage ? `${p.questionText}\n[image: ${p.questionImage}]` : p.questionText;
    for (const metric of METRICS) {
      const score = r[FIELD[metric]];
      if (score === null) continue;
      const judge = metric === "judge";
      lines.push(
        JSON.stringify({
          schema_version: INSTANCE_SCHEMA_VERSION,
          evaluation_id: evaluationId,
          model_id: modelId,
          evaluation_name: `H2HMem ${r.split} all categories ${metric}`,
          evaluation_result_id: `${r.split}/ALL/${metric}`,
          sample_id: p.referenceQuestion?.qid ?? `${r.split}#${r.index}`,
          sample_hash: sha256(`${raw}\n${gold}`),
          interaction_type: "single_turn",
          input: { raw, reference: [gold] },
          output: { raw: [p.systemAnswer] },
          answer_attribution: [
            {
              turn_idx: 0,
              source: "output.raw",
              extracted_value: p.systemAnswer,
              extraction_method: judge ? EXTRACTION.judge : EXTRACTION.lexical,
              is_terminal: true,
            },
          ],
          // Full marks count as correct (judge 1, or a lexical score of 1).
          evaluation: { score, is_correct: score >= 1 },
          metadata: {
            split: r.split,
            index: String(r.index),
            category: p.category,
            scorer_version: entry.scorerVersion,
            ...(judge && r.judgeReasoning !== null ? { judge_reasoning: r.judgeReasoning } : {}),
          },
        }),
      );
    }
  }
  const jsonl = lines.length ? `${lines.join("\n")}\n` : "";
  const [org, method] = modelId.split("/");
  return {
    filePath: `data/h2hmem/${org}/${method}/${stableUuid(evaluationId)}_samples.jsonl`,
    checksum: sha256(jsonl),
    totalRows: lines.length,
    jsonl,
  };
}
