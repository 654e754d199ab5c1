// "Scoring the same files alone": the Score rows a submission must have, computed in-process
// from the uploaded bytes with the pure scorer (what `h2hmem score` runs) and, for the judge
// metric, with the fake judge's deterministic grade aggregated by the same library function
// the judge stage uses. Nothing here reads what the service stored.
import {
  aggregateScores,
  parsePredictionFile,
  scoreSubmission,
  type LexicalOptions,
  type PredictionItem,
  type ReferenceQuestion,
  type ScoreRow,
  type Split,
} from "../../lib/scoring";
import { fakeGrade } from "../dev/fake-judge-server";
import type { SoakFiles } from "./files";

export type RowKey = string;
export type ComparableRow = {
  split: string;
  scope: string;
  metric: string;
  aggregate: string;
  value: number;
  ciLow: number | null;
  ciHigh: number | null;
  n: number;
};

export const rowKey = (r: Pick<ComparableRow, "split" | "scope" | "metric" | "aggregate">): RowKey =>
  `${r.split}|${r.scope}|${r.metric}|${r.aggregate}`;

export function expectedRows(
  files: SoakFiles,
  key: ReferenceQuestion[],
  lexical: LexicalOptions,
  withJudge: boolean,
): Map<RowKey, ComparableRow> {
  const items: Partial<Record<Split, PredictionItem[]>> = {};
  for (const [split, bytes, file] of [
    ["dyadic", files.dyadic, "prediction_dyadic.json"],
    ["multi-party", files.multiparty, "prediction_multiparty.json"],
  ] as const) {
    const parsed = parsePredictionFile(bytes, { file, split });
    if (!parsed.ok) throw new Error(`${file} does not parse: ${parsed.issues.map((i) => i.message).join("; ")}`);
    items[split] = parsed.items;
  }
  const scored = scoreSubmission({ files: items, answerKey: key, lexical });
  const rows: ScoreRow[] = [...scored.rows];
  if (withJudge) {
    // The judge stage scores an empty answer 0 without a call, and grades the rest; the fake
    // judge's grade is a pure function of (reference, answer).
    const results = scored.perQuestion
      .filter((q) => q.counted)
      .map((q) => ({
        split: q.split,
        category: q.category,
        qid: q.qid,
        metrics: { judge: q.systemAnswer.trim() === "" ? 0 : fakeGrade(q.referenceAnswer, q.systemAnswer) },
      }));
    rows.push(...aggregateScores(results));
  }
  return new Map(rows.map((r) => [rowKey(r), r]));
}

/** Differences between expected and stored rows (exact float equality), at most `limit`. */
export function diffRows(expected: Map<RowKey, ComparableRow>, stored: ComparableRow[], limit = 3): string[] {
  const out: string[] = [];
  const seen = new Set<RowKey>();
  for (const s of stored) {
    const k = rowKey(s);
    seen.add(k);
    const e = expected.get(k);
    if (!e) out.push(`unexpected row ${k}`);
    else if (e.value !== s.value || e.ciLow !== s.ciLow || e.ciHigh !== s.ciHigh || e.n !== s.n) {
      out.push(
        `${k}: stored ${s.value} [${s.ciLow}, ${s.ciHigh}] n=${s.n}, expected ${e.value} [${e.ciLow}, ${e.ciHigh}] n=${e.n}`,
      );
    }
  }
  for (const k of expected.keys()) if (!seen.has(k)) out.push(`missing row ${k}`);
  return out.slice(0, limit).concat(out.length > limit ? [`... ${out.length - limit} more`] : []);
}
