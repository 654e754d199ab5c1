// The active key's questions unanswered, so an author sees every field as the dataset gives it.
import type { ReferenceQuestion } from "./answer-key";
import { CATEGORIES, type PredictionItem, type Split } from "./types";

function examplePredictions(questions: readonly ReferenceQuestion[], split: Split): PredictionItem[] {
  return questions
    .filter((q) => q.split === split)
    .map((q) => ({
      question_text: q.questionText,
      question_image: q.questionImage,
      system_answer: "",
      original_answer: q.answer,
      category: CATEGORIES[q.category].name,
      // Shown so authors see the field; an entry whose lists are all empty reports no evidence.
      retrieved_sessions: [],
    }));
}

export function exampleFileText(questions: readonly ReferenceQuestion[], split: Split): string {
  return `${JSON.stringify({ predictions: examplePredictions(questions, split) }, null, 2)}\n`;
}
