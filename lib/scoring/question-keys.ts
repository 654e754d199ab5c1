// Repeated questions; another original_answer makes another question.
import type { PredictionItem } from "./types";
import { normalizeText, imageBaseName } from "./text-normalize";

type Question = Pick<PredictionItem, "question_text" | "question_image" | "original_answer">;

export class QuestionKeys {
  private readonly firsts = new Map<string, number>();

  /** Undefined when new (then `index` is remembered). */
  firstOf(item: Question, index: number): number | undefined {
    const key = `${normalizeText(item.question_text)}\u0000${imageBaseName(item.question_image)}\u0000${normalizeText(item.original_answer)}`;
    const first = this.firsts.get(key);
    if (first === undefined) this.firsts.set(key, index);
    return first;
  }
}
