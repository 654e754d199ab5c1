// Finding repeated questions in one prediction file: same question_text, question_image and
// original_answer (normalised) as an earlier item. Answers are long (most of a file's text) and
// rarely needed, so an answer is normalised only once its question text and image repeat.
import type { PredictionItem } from "./types";
import { normalizeText, imageBaseName } from "./text-normalize";

export class QuestionKeys {
  /** Image base name -> normalised question text -> first index: no key string built per item. */
  private readonly firsts = new Map<string, Map<string, number>>();
  /** original_answer of each first index (read when its question repeats). */
  private readonly answerAt: string[] = [];
  /** First index of a repeated question -> normalised answer -> first index with that answer. */
  private readonly repeated = new Map<number, Map<string, number>>();

  /** Index of the first earlier item with the same question, or undefined (and `index` is remembered). */
  firstOf(item: Pick<PredictionItem, "question_text" | "question_image" | "original_answer">, index: number): number | undefined {
    const image = imageBaseName(item.question_image);
    let texts = this.firsts.get(image);
    if (texts === undefined) this.firsts.set(image, (texts = new Map()));
    const text = normalizeText(item.question_text);
    const first = texts.get(text);
    if (first === undefined) {
      texts.set(text, index);
      this.answerAt[index] = item.original_answer;
      return undefined;
    }
    // Same text + image with a different original_answer is a distinct question (the key has
    // such pairs, e.g. formulaic conflict-detection questions), so the answer decides.
    let answers = this.repeated.get(first);
    if (answers === undefined) this.repeated.set(first, (answers = new Map([[normalizeText(this.answerAt[first]), first]])));
    const answer = normalizeText(item.original_answer);
    const same = answers.get(answer);
    if (same === undefined) answers.set(answer, index);
    return same;
  }
}
