import {
  aggregateRuns,
  aggregateScores,
  alignRuns,
  scoreSubmission,
  type QuestionResult,
  type LexicalOptions,
  type PredictionItem,
  type ReferenceQuestion,
  type ScoreRow,
  type Split,
} from "../../lib/scoring";
import type { BoardRow, JudgeScores } from "./verify-client";

export type Comparison = { row: BoardRow; local: ScoreRow | null; ok: boolean };

// Stored and recomputed values are the same doubles; the tolerance only absorbs JSON printing.
const TOLERANCE = 1e-9;
const close = (a: number | null, b: number | null | undefined) =>
  a === null || b === null || b === undefined ? a === (b ?? null) : Math.abs(a - b) <= TOLERANCE;
const keyOf = (r: { split: string; scope: string; metric: string; aggregate: string }) =>
  `${r.split}|${r.scope}|${r.metric}|${r.aggregate}`;

type RescoreInput = {
  files: Partial<Record<Split, readonly PredictionItem[]>>;
  answerKey?: ReferenceQuestion[];
  lexical: LexicalOptions;
  judge: JudgeScores | null;
};

/** The rows, and every counted question by qid (split#index without a key), as the server keys a run. */
export function rescore(input: RescoreInput): { rows: ScoreRow[]; questions: Map<string, QuestionResult> } {
  const lexical = scoreSubmission({ files: input.files, answerKey: input.answerKey, lexical: input.lexical });
  const rows = [...lexical.rows];
  // The judge stage judges exactly the questions the lexical stage counted.
  const stored = new Map(input.judge?.scores.map((s) => [`${s.split}|${s.index}`, s.judgeScore]));
  const counted = lexical.perQuestion.filter((p) => p.counted);
  const judgeOf = (p: (typeof counted)[number]) =>
    p.index === null ? 0 : (stored.get(`${p.split}|${p.index}`) ?? null);
  if (input.judge) rows.push(...aggregateScores(counted.map((p) => ({ ...p, metrics: { judge: judgeOf(p) } }))));
  const questions = new Map<string, QuestionResult>();
  for (const p of counted) {
    const { precision, recall, f1, bleu1 } = p;
    const metrics = { precision, recall, f1, bleu1, ...(input.judge ? { judge: judgeOf(p) } : {}) };
    questions.set(p.qid ?? `${p.split}#${p.index}`, { split: p.split, category: p.category, qid: p.qid, metrics });
  }
  return { rows, questions };
}

/** An entry with replicate runs: its board numbers are the runs' means and item x run intervals. */
export function rescoreRuns(runs: Array<Map<string, QuestionResult>>): ScoreRow[] {
  return aggregateRuns(alignRuns(runs)).rows;
}

export function compareRows(board: BoardRow[], local: ScoreRow[]): Comparison[] {
  const mine = new Map(local.map((r) => [keyOf(r), r]));
  return board.map((row) => {
    const l = mine.get(keyOf(row)) ?? null;
    const ok =
      l !== null &&
      l.n === row.n &&
      close(row.value, l.value) &&
      close(row.ciLow, l.ciLow) &&
      close(row.ciHigh, l.ciHigh);
    return { row, local: l, ok };
  });
}
