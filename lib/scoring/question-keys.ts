// Finding repeated questions in one prediction file: same question_text, question_image and
// original_answer (normalised) as an earlier item. Answers are long (most of a file's text) and
// rarely needed, so an answer is normalised only once its question text and image repeat.
import type { PredictionItem } from "./types";
import { normalizeText, imageBaseName } from "./text-normalize";

type Group = { index: number; answer: string; answers?: Map<string, number> };

export class QuestionKeys {
  private readonly groups = new Map<string, Group>();

  /** Index of the first earlier item with the same question, or undefined (and `index` is remembered). */
  firstOf(item: Pick<PredictionItem, "question_text" | "question_image" | "original_answer">, index: number): number | undefined {
    const key = `${normalizeText(item.question_text)}\u0000${imageBaseName(item.question_image)}`;
    const group = this.groups.get(key);
    if (group === undefined) {
      this.groups.set(key, { index, answer: item.original_answer });
      return undefined;
    }
    // Same text + image with a different original_answer is a distinct question (the key has
    // such pairs, e.g. formulaic conflict-detection questions), so the answer decides.
    const answers = (group.answers ??= new Map([[normalizeText(group.answer), group.index]]));
    const answer = normalizeText(item.original_answer);
    const first = answers.get(answer);
    if (first === undefined) answers.set(answer, index);
    return first;
  }
}
