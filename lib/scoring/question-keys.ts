// Finding repeated questions in one prediction file: same question_text, question_image and
// original_answer (normalised) as an earlier item. Answers are long (most of a file's text) and
// rarely needed, so an answer is normalised only once its question text and image repeat.
// Every item is looked up, so the lookup is a hash of the normalised text computed without
// building it, in a typed-array table; texts are compared only when hashes agree.
import type { PredictionItem } from "./types";
import { normalizeText, imageBaseName } from "./text-normalize";

type Question = Pick<PredictionItem, "question_text" | "question_image" | "original_answer">;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;

/** FNV-1a over the UTF-16 units of `text`, continuing from `h`. */
function hashUnits(text: string, h = FNV_OFFSET): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * hashUnits(normalizeText(text)), without the normalised copy for printable ASCII (nearly every
 * question): trim, one space per run of spaces, A-Z lowered, as normalizeText does for that text.
 */
export function normalizedHash(text: string): number {
  let h = FNV_OFFSET;
  let space = false;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return hashUnits(normalizeText(text));
    if (c === 0x20) {
      space = started;
      continue;
    }
    if (space) h = Math.imul(h ^ 0x20, FNV_PRIME);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    h = Math.imul(h ^ c, FNV_PRIME);
    space = false;
    started = true;
  }
  return h;
}

function questionHash(q: Question): number {
  const text = normalizedHash(q.question_text);
  const image = q.question_image === "" ? "" : imageBaseName(q.question_image);
  return image === "" ? text : hashUnits(image, text ^ 0x5bd1e995);
}

export class QuestionKeys {
  /** Open addressing: slot -> first item's entry + 1 (0: empty), at most half full. */
  private slots = new Int32Array(1024);
  private readonly hashes: number[] = [];
  private readonly firsts: Question[] = [];
  private readonly indexes: number[] = [];
  /** Entry of a repeated question -> normalised answer -> first index with that answer. */
  private readonly repeated = new Map<number, Map<string, number>>();

  /** Index of the first earlier item with the same question, or undefined (and `index` is remembered). */
  firstOf(item: Question, index: number): number | undefined {
    const h = questionHash(item) | 0;
    const mask = this.slots.length - 1;
    let slot = h & mask;
    for (let e = this.slots[slot] - 1; e >= 0; slot = (slot + 1) & mask, e = this.slots[slot] - 1) {
      if (this.hashes[e] === h && sameQuestion(this.firsts[e], item)) return this.repeat(e, item, index);
    }
    this.slots[slot] = this.hashes.length + 1;
    this.hashes.push(h);
    this.firsts.push(item);
    this.indexes.push(index);
    if (this.hashes.length * 2 > this.slots.length) this.grow();
    return undefined;
  }

  // Same text + image with a different original_answer is a distinct question (the key has
  // such pairs, e.g. formulaic conflict-detection questions), so the answer decides.
  private repeat(entry: number, item: Question, index: number): number | undefined {
    let answers = this.repeated.get(entry);
    if (answers === undefined) this.repeated.set(entry, (answers = new Map([[normalizeText(this.firsts[entry].original_answer), this.indexes[entry]]])));
    const answer = normalizeText(item.original_answer);
    const same = answers.get(answer);
    if (same === undefined) answers.set(answer, index);
    return same;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let e = 0; e < this.hashes.length; e++) {
      let slot = this.hashes[e] & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = e + 1;
    }
    this.slots = slots;
  }
}

function sameQuestion(a: Question, b: Question): boolean {
  return normalizeText(a.question_text) === normalizeText(b.question_text) && imageBaseName(a.question_image) === imageBaseName(b.question_image);
}
