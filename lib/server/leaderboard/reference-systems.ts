import "server-only";
import { z } from "zod";
import type { PredictionItem, ReferenceQuestion, Split } from "@/lib/scoring";

// Each answers every key question, so it shares the entries' denominators.

export const REFERENCE_KINDS = ["always-refuse", "echo-question", "empty"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];
export const referenceKindSchema = z.enum(REFERENCE_KINDS);

export const REFUSAL = "Not mentioned in the conversation.";

export const REFERENCE_LABELS: Record<ReferenceKind, string> = {
  "always-refuse": `Always refuse (“${REFUSAL}”)`,
  "echo-question": "Echo the question",
  empty: "Empty answers",
};

const answerOf: Record<ReferenceKind, (q: ReferenceQuestion) => string> = {
  "always-refuse": () => REFUSAL,
  "echo-question": (q) => q.questionText,
  empty: () => "",
};

/** One item per key question, in key order. */
export function referencePredictions(
  kind: ReferenceKind,
  questions: readonly ReferenceQuestion[],
): Partial<Record<Split, PredictionItem[]>> {
  const files: Partial<Record<Split, PredictionItem[]>> = {};
  for (const q of questions) {
    (files[q.split] ??= []).push({
      question_text: q.questionText,
      question_image: q.questionImage,
      system_answer: answerOf[kind](q),
      original_answer: "",
      category: q.category,
    });
  }
  return files;
}
