// Does a reproduction agree with the entry it reproduces? (docs/SCORING.md §9e, the `reproduced` tier)
import { pairedBootstrap } from "./bootstrap";
import { CATEGORIES, MAIN_TYPES, type CategoryCode, type MainType } from "./types";

/** One question both scored: original and reproduction values (judge null where one was not judged). */
export type ReproductionPair = {
  category: CategoryCode;
  f1: readonly [original: number, reproduction: number];
  judge: readonly [original: number | null, reproduction: number | null];
};
export type PairedDiff = { n: number; diff: number; ciLow: number; ciHigh: number };
export type MainTypeAgreement = { mainType: MainType; f1: PairedDiff; judge: PairedDiff | null; agrees: boolean };
export type ReproductionCheck = { agrees: boolean; mainTypes: MainTypeAgreement[] };

const SEED = 20261208;
const contains0 = (d: PairedDiff) => d.ciLow <= 0 && d.ciHigh >= 0;

function paired(reproduction: number[], original: number[]): PairedDiff | null {
  if (reproduction.length === 0) return null;
  const { diff, ciLow, ciHigh } = pairedBootstrap(reproduction, original, { seed: SEED });
  return { n: reproduction.length, diff, ciLow, ciHigh };
}

/**
 * Agrees when, for every main type with questions, the 95% interval of reproduction minus original
 * contains 0 for F1 and, over the questions both were judged on, for the judge score.
 */
export function checkReproduction(pairs: ReproductionPair[]): ReproductionCheck {
  const mainTypes: MainTypeAgreement[] = [];
  for (const mainType of MAIN_TYPES) {
    const sel = pairs.filter((p) => CATEGORIES[p.category].mainType === mainType);
    const f1 = paired(
      sel.map((p) => p.f1[1]),
      sel.map((p) => p.f1[0]),
    );
    if (!f1) continue;
    const judged = sel.filter((p) => p.judge[0] !== null && p.judge[1] !== null);
    const judge = paired(
      judged.map((p) => p.judge[1]!),
      judged.map((p) => p.judge[0]!),
    );
    mainTypes.push({ mainType, f1, judge, agrees: contains0(f1) && (judge === null || contains0(judge)) });
  }
  return { agrees: mainTypes.length > 0 && mainTypes.every((m) => m.agrees), mainTypes };
}
