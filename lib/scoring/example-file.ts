// The example prediction file of a split: the active key's questions in the submission format, unanswered,
// so an author sees every field filled as the public dataset gives it (served at /downloads/example_*).
import type { ReferenceQuestion } from "./answer-key";
import { CATEGORIES, type PredictionItem, type Split } from "./types";

/** One item per key question of the split, in key order, with an empty system_answer. */
export function examplePredictions(questions: readonly ReferenceQuestion[], split: Split): PredictionItem[] {
  return questions
    .filter((q) => q.split === split)
    .map((q) => ({
      question_text: q.questionText,
      question_image: q.questionImage,
      system_answer: "",
      original_answer: q.answer,
      category: CATEGORIES[q.category].name,
    }));
}

/** The file's text: `{"predictions": [...]}`, indented so it reads as an example. */
export function exampleFileText(questions: readonly ReferenceQuestion[], split: Split): string {
  return `${JSON.stringify({ predictions: examplePredictions(questions, split) }, null, 2)}\n`;
}
