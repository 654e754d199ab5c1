// Synthetic, full-size, deterministic H2HMem-shaped data for pipeline tests. Not real benchmark data.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  CATEGORIES,
  CATEGORY_CODES,
  MAIN_TYPE_NAMES,
  mulberry32,
  type ReferenceQuestion,
  type Split,
} from "../../lib/scoring";

const VOCAB = (
  "the a of to and in that it with for on as was he she they we you at by from this had not are but be " +
  "river lantern market bicycle garden museum ticket recipe violin harbor winter summer painting camera " +
  "doctor teacher sister brother mother father friend neighbour colleague kitten puppy coffee tea bread " +
  "blue red green yellow purple orange small large quiet noisy early late morning evening monday friday " +
  "bought visited painted cooked repaired borrowed promised forgot remembered travelled opened closed " +
  "because after before during while since until although therefore however yes no not mentioned " +
  "kilometres minutes hours dollars euros apples lessons pages photos letters songs chairs windows"
).split(/\s+/);

function words(rand: () => number, n: number): string[] {
  return Array.from({ length: n }, () => VOCAB[Math.floor(rand() * VOCAB.length)]);
}

function uniformRand(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}

export type DatasetSize = { dyadic: number; multiParty: number };
export const FULL_SIZE: DatasetSize = { dyadic: 2046, multiParty: 190 };

/** Writes <dir>/{dyadic,multi-party}/dialogueN/scenes/sessionM/questions.json; returns question count. */
export function writeSyntheticDataset(dir: string, size: DatasetSize = FULL_SIZE, seed = 7): number {
  const rand = uniformRand(seed);
  let count = 0;
  for (const [splitDir, total, dialogues] of [
    ["dyadic", size.dyadic, 20],
    ["multi-party", size.multiParty, 5],
  ] as const) {
    let left = total;
    for (let d = 1; d <= dialogues && left > 0; d++) {
      for (let s = 0; s <= 15 && left > 0; s++) {
        const n = Math.min(left, 7);
        const questions = Array.from({ length: n }, (_, i) => {
          const code = CATEGORY_CODES[(count + i) % CATEGORY_CODES.length];
          const info = CATEGORIES[code];
          return {
            question: {
              image: i % 3 === 1 ? `${i}.jpg` : "",
              text: `Q${count + i} (${splitDir} d${d} s${s}): what ${words(rand, 6 + Math.floor(rand() * 8)).join(" ")}?`,
            },
            original_answer: `${words(rand, 3 + Math.floor(rand() * 20)).join(" ")}.`,
            question_type: { main_type: MAIN_TYPE_NAMES[info.mainType], sub_type: info.name },
            difficulty: ["easy", "medium", "hard"][i % 3],
            // The gold evidence session (issue 48); session0 holds cross-session questions.
            answer_session: [`session${s === 0 ? 1 + (i % 5) : s}`],
            answer_dialogue: `dialogue${d}`,
          };
        });
        const folder = path.join(dir, splitDir, `dialogue${d}`, "scenes", `session${s}`);
        const file = path.join(folder, "questions.json");
        mkdirSync(folder, { recursive: true });
        writeFileSync(file, JSON.stringify({ metadata: { model: "synthetic" }, questions }));
        left -= n;
        count += n;
      }
    }
    if (left > 0)
      throw new Error(`${splitDir}: ${total} questions do not fit ${dialogues} dialogues x 16 sessions x 7`);
  }
  return count;
}

/**
 * A ranked retrieval for demos and benches (deterministic), short like a memory system's (never every
 * session of a small dialogue, so the track placement keeps it in `memory`): the gold session alone for
 * 3 in 5 questions, third after two later sessions for 1 in 5, and a later session instead for the rest.
 */
export function demoRetrieval(q: ReferenceQuestion): string[] {
  const gold = q.evidenceSession ?? 1;
  const later = (k: number) => `session${gold + k}`;
  const pick = (q.index + q.dialogue) % 5;
  if (pick < 3) return [`session${gold}`];
  return pick === 3 ? [later(1), later(2), `session${gold}`] : [later(1)];
}

/**
 * A prediction file for the key questions of one split. quality in [0, 1]: the share of
 * reference words kept (the rest replaced by random words). extra: unmatched filler items
 * appended (to make a big, slow submission). retrieve: add retrieved_sessions (demoRetrieval).
 */
export function syntheticPredictions(
  key: ReferenceQuestion[],
  split: Split,
  opts: { quality?: number; seed?: number; extra?: number; retrieve?: boolean } = {},
): Uint8Array {
  const rand = uniformRand(opts.seed ?? 11);
  const quality = opts.quality ?? 0.6;
  const predictions = key
    .filter((q) => q.split === split)
    .map((q) => ({
      question_text: q.questionText,
      question_image: q.questionImage,
      system_answer: q.answer
        .split(" ")
        .map((w) => (rand() < quality ? w : words(rand, 1)[0]))
        .join(" "),
      original_answer: q.answer,
      category: CATEGORIES[q.category].name,
      ...(opts.retrieve ? { retrieved_sessions: demoRetrieval(q) } : {}),
    }));
  for (let i = 0; i < (opts.extra ?? 0); i++) {
    predictions.push({
      question_text: `Filler ${split} question ${i}: ${words(rand, 8).join(" ")}?`,
      question_image: "",
      system_answer: words(rand, 12).join(" "),
      original_answer: words(rand, 12).join(" "),
      category: CATEGORIES[CATEGORY_CODES[i % 9]].name,
    });
  }
  return new TextEncoder().encode(JSON.stringify({ predictions }));
}
