import { CATEGORIES, mulberry32, type ReferenceQuestion, type Split } from "@/lib/scoring";
import { REFUSAL } from "@/lib/server/leaderboard/reference-systems";
import { demoRetrieval } from "@/scripts/dev/synthetic-predictions";

// Demo prediction files generated from the (synthetic) seed answer key. Each imitates a system
// of a different quality, so the demo leaderboard has a spread of real, computed scores.
// Deterministic (seeded), so re-running the seed produces byte-identical files (deduplicated).

const DEMO_REFUSAL = "Not mentioned.";

export type DemoSystem = {
  methodName: string;
  description: string;
  answer: (q: ReferenceQuestion, rand: () => number) => string;
  /** Another run of the demo entry of this method name (same account): the entry averages its runs. */
  runOf?: string;
  /** Another account's reproduction of the demo entry of this method name (docs/TRUST.md). */
  reproduces?: string;
  /** The files' random seed offset, when not the system's position in the list. */
  seed?: number;
  /** The sessions it says it retrieved (retrieved_sessions); none when absent. */
  retrieve?: (q: ReferenceQuestion) => string[];
  /** Method-card fields beyond the name and description (e.g. the track and context budget). */
  card?: Record<string, string>;
};

const words = (s: string) => s.split(/\s+/).filter(Boolean);

export const DEMO_SYSTEMS: DemoSystem[] = [
  {
    methodName: "Demo: Near-Oracle (synthetic)",
    description:
      "Synthetic demo entry: repeats the reference answer for ~85% of questions and half of it otherwise. Not a real system.",
    answer: (q, rand) =>
      rand() < 0.85
        ? q.answer
        : words(q.answer)
            .slice(0, Math.ceil(words(q.answer).length / 2))
            .join(" "),
  },
  {
    methodName: "Demo: Half-Recall (synthetic)",
    description:
      "Synthetic demo entry: answers with a random half of the reference answer's words and reports the sessions it retrieved (the gold one for 4 in 5 questions). Not a real system.",
    // Short lists (demoRetrieval): the synthetic key's dialogues have two sessions, and retrieving
    // both for most questions would place the entry on the full-context track (issue 48, point 4).
    retrieve: demoRetrieval,
    answer: (q, rand) =>
      words(q.answer)
        .filter(() => rand() < 0.5)
        .join(" "),
  },
  {
    methodName: "Demo: Question-Echo (synthetic)",
    description: "Synthetic demo entry: answers by repeating the question. Not a real system.",
    answer: (q) => q.questionText,
  },
  {
    methodName: "Demo: Always-Refuse (synthetic)",
    // Not the board's "always refuse" reference row, which answers with REFUSAL: the texts differ, so do the scores.
    description: `Synthetic demo entry: answers "${DEMO_REFUSAL}" to everything, a shorter refusal than the "always refuse" reference row's "${REFUSAL}", so its scores differ from that row's. Not a real system.`,
    answer: () => DEMO_REFUSAL,
  },
  {
    methodName: "Demo: Full-Context (synthetic)",
    // Declared a memory system with a top-k above every dialogue's session count: the upload's automatic
    // placement moves it to the full-context track (issue 48), so it never ranks among memory systems.
    description:
      "Synthetic demo entry: gives its answerer every session (top-k 64) and repeats the reference answer for ~70% of questions. Not a real system.",
    card: { contextTopK: "64", contextTokens: "128000" },
    answer: (q, rand) =>
      rand() < 0.7
        ? q.answer
        : words(q.answer)
            .slice(0, Math.ceil(words(q.answer).length / 3))
            .join(" "),
  },
];

const halfRecall = DEMO_SYSTEMS[1]!;
const nearOracle = DEMO_SYSTEMS[0]!;
/** Two more runs of Half-Recall (three in all, with a real run-to-run spread) and a reproduction of Near-Oracle. */
export const DEMO_LINKED: DemoSystem[] = [
  ...[2, 3].map((run) => ({
    ...halfRecall,
    description: `${halfRecall.description} Replicate run ${run}.`,
    runOf: halfRecall.methodName,
  })),
  {
    ...nearOracle,
    methodName: "Demo: Near-Oracle, reproduced (synthetic)",
    description: `A second account's re-run of "${nearOracle.methodName}" with another random seed. Not a real system.`,
    reproduces: nearOracle.methodName,
    seed: 8, // a seed whose re-run agrees on the synthetic key (paired intervals contain 0; checked by the e2e spec)
  },
];

/**
 * `n` more synthetic entries of graded quality (`--extra-entries N`): a fuller board for page
 * measurements (docs/BENCHMARKS.md, Pages). Entry k repeats the reference for a share (k+1)/(n+1) of questions.
 */
export function extraDemoSystems(n: number): DemoSystem[] {
  return Array.from({ length: n }, (_, k) => ({
    methodName: `Demo: Graded #${k + 1} (synthetic)`,
    description: `Synthetic demo entry for page measurements: repeats the reference answer for ~${Math.round(((k + 1) / (n + 1)) * 100)}% of questions and half of it otherwise. Not a real system.`,
    answer: (q, rand) =>
      rand() < (k + 1) / (n + 1)
        ? q.answer
        : words(q.answer)
            .slice(0, Math.ceil(words(q.answer).length / 2))
            .join(" "),
  }));
}

export function demoPredictionFile(
  system: DemoSystem,
  key: ReferenceQuestion[],
  split: Split,
  seed: number,
): Uint8Array {
  const next = mulberry32(seed);
  const rand = () => next() / 4294967296; // mulberry32 yields uint32; the generators want [0, 1)
  const questions = key.filter((q) => q.split === split);
  const predictions = questions.map((q) => ({
    question_text: q.questionText,
    question_image: q.questionImage,
    system_answer: system.answer(q, rand),
    original_answer: q.answer,
    category: CATEGORIES[q.category].name,
    ...(system.retrieve ? { retrieved_sessions: system.retrieve(q) } : {}),
  }));
  return new TextEncoder().encode(JSON.stringify({ predictions }, null, 1));
}
