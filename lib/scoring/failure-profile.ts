// Rates come from stored counts only (failureProfileFromRows), so the API shows what the rows say.
import { isEmptyAnswer, isRefusal } from "./refusal";
import { tokenize } from "./lexical";
import { quantileSorted } from "./bootstrap";
import { resolveLexicalOptions } from "./scorer-version";
import { groupBy } from "./group-by";
import { CATEGORY_CODES, type CategoryCode, type FailureProfile, type LexicalOptions } from "./types";

const REFUSAL_CATEGORY: CategoryCode = "AR";

export type ProfileScope = "ALL" | CategoryCode;
export type FailureProfileRow = {
  scope: ProfileScope;
  n: number;
  refused: number;
  empty: number;
  /** In lexical tokens over the non-empty answers. */
  tokensMedian: number | null;
  tokensP90: number | null;
  /** Mean recall minus mean precision (micro). */
  recallPrecisionGap: number | null;
};

export type ProfileQuestion = {
  category: CategoryCode;
  systemAnswer: string;
  precision: number;
  recall: number;
  counted: boolean;
};

export function failureProfileRows(
  questions: readonly ProfileQuestion[],
  lexical?: Partial<LexicalOptions>,
): FailureProfileRow[] {
  const mode = resolveLexicalOptions(lexical).tokenizer;
  const counted = questions.filter((q) => q.counted);
  const groups = new Map<ProfileScope, ProfileQuestion[]>([["ALL", counted], ...groupBy(counted, (q) => q.category)]);
  const order: ProfileScope[] = ["ALL", ...CATEGORY_CODES];
  return order.filter((s) => groups.has(s)).map((scope) => rowFor(scope, groups.get(scope)!, mode));
}

function rowFor(scope: ProfileScope, qs: ProfileQuestion[], mode: LexicalOptions["tokenizer"]): FailureProfileRow {
  let refused = 0;
  let empty = 0;
  let gap = 0;
  const lengths: number[] = [];
  for (const q of qs) {
    gap += q.recall - q.precision;
    if (isEmptyAnswer(q.systemAnswer)) {
      empty++;
      continue;
    }
    if (isRefusal(q.systemAnswer)) refused++;
    lengths.push(tokenize(q.systemAnswer, { mode, removeStopwords: false }).length);
  }
  lengths.sort((a, b) => a - b);
  const n = qs.length;
  return {
    scope,
    n,
    refused,
    empty,
    tokensMedian: lengths.length ? quantileSorted(lengths, 0.5) : null,
    tokensP90: lengths.length ? quantileSorted(lengths, 0.9) : null,
    recallPrecisionGap: n ? gap / n : null,
  };
}

const rate = (num: number, den: number): number | null => (den > 0 ? num / den : null);

/** Null when not profiled under this version. */
export function failureProfileFromRows(rows: readonly FailureProfileRow[]): FailureProfile | null {
  const all = rows.find((r) => r.scope === "ALL");
  if (!all) return null;
  const ar = rows.find((r) => r.scope === REFUSAL_CATEGORY);
  const arN = ar?.n ?? 0;
  const arRefused = ar?.refused ?? 0;
  const byCategory: FailureProfile["byCategory"] = {};
  for (const r of rows) {
    if (r.scope === "ALL") continue;
    byCategory[r.scope] = { refusalRate: rate(r.refused, r.n), recallPrecisionGap: r.recallPrecisionGap, n: r.n };
  }
  return {
    refusalRate: rate(all.refused, all.n),
    missedRefusalRate: ar ? rate(ar.n - ar.refused - ar.empty, ar.n) : null,
    overRefusalRate: rate(all.refused - arRefused, all.n - arN),
    emptyRate: rate(all.empty, all.n),
    answerTokens: { median: all.tokensMedian, p90: all.tokensP90 },
    byCategory,
  };
}
