import {
  aggregateScores,
  scoreSubmission,
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

export function rescore(input: {
  files: Partial<Record<Split, readonly PredictionItem[]>>;
  answerKey?: ReferenceQuestion[];
  lexical: LexicalOptions;
  judge: JudgeScores | null;
}): ScoreRow[] {
  const lexical = scoreSubmission({ files: input.files, answerKey: input.answerKey, lexical: input.lexical });
  const rows = [...lexical.rows];
  if (input.judge) {
    // The judge stage judges exactly the questions the lexical stage counted.
    const stored = new Map(input.judge.scores.map((s) => [`${s.split}|${s.index}`, s.judgeScore]));
    const results = lexical.perQuestion
      .filter((p) => p.counted)
      .map((p) => ({
        split: p.split,
        category: p.category,
        qid: p.qid,
        metrics: { judge: p.index === null ? 0 : (stored.get(`${p.split}|${p.index}`) ?? null) },
      }));
    rows.push(...aggregateScores(results));
  }
  return rows;
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
