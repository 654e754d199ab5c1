import { CATEGORY_CODES, type CategoryCode } from "../types";
import type { CalibrationKind } from "./calibration-set";
import { mean, rateWithInterval, type RateWithInterval } from "./rates";
import { weightedKappa } from "./agreement-stats";

export type CalibrationResult = {
  qid: string;
  kind: CalibrationKind;
  category: CategoryCode;
  expected: 0 | 1;
  score: number | null;
};

export type CalibrationStats = {
  /** Expected 0 (topical-but-wrong, refusals outside AR), got more. */
  falseAccept: RateWithInterval;
  /** References that got less than full marks. */
  falseReject: RateWithInterval;
  meanScore: Record<CalibrationKind, number | null>;
  judged: number;
  unjudged: number;
};

export type CategoryStats = CalibrationStats & { category: CategoryCode };

function statsOf(items: readonly CalibrationResult[], stratum: string): CalibrationStats {
  const judged = items.filter((i): i is CalibrationResult & { score: number } => i.score !== null);
  const wrong = judged.filter((i) => i.expected === 0);
  const refs = judged.filter((i) => i.kind === "reference");
  const meanOf = (kind: CalibrationKind) => mean(judged.filter((i) => i.kind === kind).map((i) => i.score));
  return {
    falseAccept: rateWithInterval(
      wrong.map((i) => i.score > 0),
      `${stratum}/false-accept`,
    ),
    falseReject: rateWithInterval(
      refs.map((i) => i.score < 1),
      `${stratum}/false-reject`,
    ),
    meanScore: { reference: meanOf("reference"), topical: meanOf("topical"), refusal: meanOf("refusal") },
    judged: judged.length,
    unjudged: items.length - judged.length,
  };
}

export function calibrationStats(items: readonly CalibrationResult[]): {
  overall: CalibrationStats;
  categories: CategoryStats[];
} {
  return {
    overall: statsOf(items, "overall"),
    categories: CATEGORY_CODES.filter((c) => items.some((i) => i.category === c)).map((category) => ({
      category,
      ...statsOf(
        items.filter((i) => i.category === category),
        category,
      ),
    })),
  };
}

const pairKey = (r: Pick<CalibrationResult, "qid" | "kind">) => `${r.kind}|${r.qid}`;

export function panelKappa(
  primary: readonly CalibrationResult[],
  panel: readonly CalibrationResult[],
): {
  overall: { n: number; kappa: number | null };
  categories: Array<{ category: CategoryCode; n: number; kappa: number | null }>;
} {
  const other = new Map(panel.filter((p) => p.score !== null).map((p) => [pairKey(p), p.score!]));
  const pairs = primary
    .filter((p) => p.score !== null && other.has(pairKey(p)))
    .map((p) => ({ category: p.category, a: p.score!, b: other.get(pairKey(p))! }));
  const kappaOf = (list: typeof pairs) => ({
    n: list.length,
    kappa: weightedKappa(
      list.map((p) => p.a),
      list.map((p) => p.b),
    ),
  });
  return {
    overall: kappaOf(pairs),
    categories: CATEGORY_CODES.filter((c) => pairs.some((p) => p.category === c)).map((category) => ({
      category,
      ...kappaOf(pairs.filter((p) => p.category === category)),
    })),
  };
}
