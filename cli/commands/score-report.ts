// Shapes scoreSubmission's rows into the `score --json` object and the human tables.
import {
  CATEGORIES,
  CATEGORY_CODES,
  LEXICAL_METRICS,
  MAIN_TYPE_NAMES,
  MAIN_TYPES,
  withAnswerKey,
  type ScoreOutput,
  type ScoreRow,
  type SplitOrOverall,
} from "../../lib/scoring";
import { fixed, table } from "../format";

type Stat = { value: number; ciLow: number | null; ciHigh: number | null };
type MetricBlock = Record<string, Stat>;
type ScopeReport = { n: number; micro: MetricBlock; macro: MetricBlock };
type SplitReport = ScopeReport & {
  counts: {
    predictions: number;
    scored: number;
    matched: number | null;
    unmatched: number | null;
    unanswered: number | null;
    answerDiffers: number | null;
  };
  mainTypes: Record<string, ScopeReport & { name: string }>;
  categories: Record<string, ScopeReport & { name: string }>;
};
type ScoreReport = {
  scorerVersion: string;
  tokenizer: string;
  nltk: string;
  stopwords: string;
  answerKey: string | null;
  bootstrap: { resamples: number; seed: number; level: number; method: string };
  splits: Partial<Record<SplitOrOverall, SplitReport>>;
};
type Context = {
  answerKeyDigest: string | null;
  resamples: number;
  seed: number;
  tokenizer: string;
  nltk: string;
  stopwords: string;
};

function scope(rows: ScoreRow[], split: SplitOrOverall, scopeName: string): ScopeReport | null {
  const mine = rows.filter((r) => r.split === split && r.scope === scopeName);
  if (mine.length === 0) return null;
  const block = (agg: "micro" | "macro") =>
    Object.fromEntries(
      mine
        .filter((r) => r.aggregate === agg)
        .map((r) => [r.metric, { value: r.value, ciLow: r.ciLow, ciHigh: r.ciHigh }]),
    );
  return { n: mine[0].n, micro: block("micro"), macro: block("macro") };
}

function questionCounts(perQuestion: ScoreOutput["perQuestion"], split: SplitOrOverall) {
  const c = { predictions: 0, matched: 0, unmatched: 0, unanswered: 0, answerDiffers: 0 };
  for (const p of perQuestion) {
    if (split !== "overall" && p.split !== split) continue;
    if (p.index === null) {
      c.unanswered++;
      continue;
    }
    c.predictions++;
    if (p.qid !== null) c.matched++;
    if (!p.counted) c.unmatched++;
    if (p.answerDiffers) c.answerDiffers++;
  }
  return c;
}

export function scoreReport(
  result: Pick<ScoreOutput, "rows" | "scorerVersion" | "perQuestion">,
  ctx: Context,
): ScoreReport {
  const splits: ScoreReport["splits"] = {};
  const keyed = ctx.answerKeyDigest !== null;
  for (const split of ["dyadic", "multi-party", "overall"] as const) {
    const all = scope(result.rows, split, "ALL");
    if (!all) continue;
    const counts = questionCounts(result.perQuestion, split);
    const mainTypes: SplitReport["mainTypes"] = {};
    for (const t of MAIN_TYPES) {
      const s = scope(result.rows, split, t);
      if (s) mainTypes[t] = { name: MAIN_TYPE_NAMES[t], ...s };
    }
    const categories: SplitReport["categories"] = {};
    for (const c of CATEGORY_CODES) {
      const s = scope(result.rows, split, c);
      if (s) categories[c] = { name: CATEGORIES[c].name, ...s };
    }
    splits[split] = {
      counts: {
        predictions: counts.predictions,
        scored: all.n,
        matched: keyed ? counts.matched : null,
        unmatched: keyed ? counts.unmatched : null,
        unanswered: keyed ? counts.unanswered : null,
        answerDiffers: keyed ? counts.answerDiffers : null,
      },
      ...all,
      mainTypes,
      categories,
    };
  }
  return {
    // Against an answer key the version names it (+key=), as the server's rows do.
    scorerVersion: withAnswerKey(result.scorerVersion, ctx.answerKeyDigest),
    tokenizer: ctx.tokenizer,
    nltk: ctx.nltk,
    stopwords: ctx.stopwords,
    answerKey: ctx.answerKeyDigest,
    bootstrap: {
      resamples: ctx.resamples,
      seed: ctx.seed,
      level: 0.95,
      method: "percentile, stratified by split x category",
    },
    splits,
  };
}

const HEAD = ["scope", "n", "precision", "recall", "f1", "bleu1"];

export function renderScoreTables(report: ScoreReport): string {
  const out = [
    `scorer ${report.scorerVersion}  (tokenizer ${report.tokenizer}, NLTK ${report.nltk}, stopwords ${report.stopwords}${report.answerKey ? `, answer key ${report.answerKey.slice(0, 12)}` : ", reference = submitted original_answer"})`,
  ];
  for (const [split, s] of Object.entries(report.splits)) {
    const c = s.counts;
    const countLine =
      c.matched === null
        ? `${c.predictions} predictions scored`
        : `${c.predictions} predictions, ${c.matched} matched, ${c.unmatched} unmatched (not scored), ${c.unanswered} key questions unanswered (scored 0), ${c.answerDiffers} original_answer differ from key`;
    const metricCells = (b: MetricBlock) => LEXICAL_METRICS.map((m) => fixed(b[m]?.value));
    const ci = (b: MetricBlock) => LEXICAL_METRICS.map((m) => `[${fixed(b[m]?.ciLow, 3)}, ${fixed(b[m]?.ciHigh, 3)}]`);
    const rows: string[][] = [
      ["ALL micro", String(s.n), ...metricCells(s.micro)],
      ["  95% CI", "", ...ci(s.micro)],
      ["ALL macro", String(s.n), ...metricCells(s.macro)],
      ["  95% CI", "", ...ci(s.macro)],
      ...Object.values(s.mainTypes).map((t) => [t.name, String(t.n), ...metricCells(t.micro)]),
      ...Object.entries(s.categories).map(([code, t]) => [`${code} ${t.name}`, String(t.n), ...metricCells(t.micro)]),
    ];
    out.push("", `== ${split}: ${countLine}`, table(HEAD, rows));
  }
  out.push("", "micro = mean over questions; macro = mean of category means; main-type and category rows are micro.");
  return out.join("\n");
}
