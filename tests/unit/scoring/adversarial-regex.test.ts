import { describe, expect, it } from "vitest";
import { normalizeCategory } from "../../../lib/scoring/categories";
import { detectJudgeInjection, INJECTION_RULES } from "../../../lib/scoring/judge/injection";
import { parseJudgeReply } from "../../../lib/scoring/judge/parse";
import { lexicalScores, tokenize } from "../../../lib/scoring/lexical";
import { isRefusal } from "../../../lib/scoring/refusal";
import { DEFAULT_MAX_ANSWER_CHARS } from "../../../lib/scoring/types";
import { parsePredictionFile } from "../../../lib/scoring/validate";

// No answer stalls a process: every detector and validator pattern runs on crafted answers of the
// maximum length within a small budget. The budget is generous (a loaded machine must not flake);
// super-linear behaviour at this length takes seconds (the old role-tag rule: 101 s at 8,000).

const N = DEFAULT_MAX_ANSWER_CHARS;
const BUDGET_MS = 200;

/** `head` + `unit` repeated + `tail`, exactly `length` characters. */
function fillTo(head: string, unit: string, tail = "", length = N): string {
  const body = length - head.length - tail.length;
  return head + unit.repeat(Math.ceil(body / unit.length)).slice(0, body) + tail;
}

// Shapes that make a backtracking engine retry from every position: long runs that almost match
// a rule and then fail at the end, line starts before a keyword, keyword repeats.
const KEYWORDS = [
  "system",
  "assistant",
  "developer",
  "ignore",
  "score",
  "grade",
  "give",
  "dear",
  "you are",
  "question_id",
  "not",
  "the dialogue",
  "no",
  "i",
  "cannot",
  "系统提示",
  "忽略",
  "给我",
  "评分",
  "你是",
];
const RUNS = [
  " ",
  "\n",
  "\t",
  "\u3000",
  "a",
  "9",
  ".",
  ". ",
  ",",
  "-",
  "--",
  "#",
  ":",
  '"',
  "'",
  ")",
  "(",
  "<",
  "<|",
  "[",
  "/",
  "。",
  "\u200b",
  "ａ",
];

function adversarialInputs(length: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const fill = (head: string, unit: string, tail = "") => fillTo(head, unit, tail, length);
  for (const run of RUNS) {
    out.push([`run ${JSON.stringify(run)}`, fill("", run)]);
    out.push([`a + run ${JSON.stringify(run)} + x`, fill("a", run, "x")]);
  }
  for (const k of KEYWORDS) {
    out.push([`newlines + ${k} + spaces`, fill("\n".repeat(length / 2) + k, " ", "x")]);
    out.push([`spaces + ${k} + spaces`, fill(" ".repeat(length / 2) + k, " ", "x")]);
    out.push([`# + ${k} + newlines`, fill("#".repeat(length / 2) + k, "\n", "x")]);
    out.push([`${k} repeated`, fill("", `${k} `)]);
    out.push([`newline + ${k} repeated`, fill("", `\n${k} `)]);
    out.push([`${k} + words`, fill(`${k} `, "all ", "x")]);
  }
  // Near-misses of each rule, repeated: they start a match on every copy and fail late.
  const nearMisses = [
    "ignore all the previous ",
    "score this answer ",
    "give it a score ",
    "<|system ",
    "[INST ",
    "<<SYS ",
    "system prompt ",
    "dear the ",
    "you are an ai ",
    '"score" ',
    "question id ",
    "not been explicitly ",
    "the dialogue does not explicitly ",
    "there is no ",
    "i do not have ",
    "cannot be ",
    "忽略之前的所有的",
    "给这个回答打",
    "评分应该为 ",
    "你是一个人工智能",
  ];
  for (const m of nearMisses) out.push([`near-miss ${JSON.stringify(m)} repeated`, fill("", m)]);
  return out;
}

const INPUTS = adversarialInputs(N);
// The detectors also run at four times the maximum: a quadratic pattern (the old refusal trim,
// 150 ms at 8,000 characters) cannot hide under the budget there, a linear one stays far below.
const INPUTS_4X = adversarialInputs(4 * N);
const DETECTOR_INPUTS = [...INPUTS, ...INPUTS_4X.map(([shape, text]): [string, string] => [`${shape} (x4)`, text])];

/** Milliseconds of one run; over budget, the best of three (a GC pause or a first, unoptimized run is not super-linear). */
function elapsed(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3 && best >= BUDGET_MS; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe("adversarial answers of the maximum length", () => {
  it("every input is exactly the maximum answer length", () => {
    for (const [, text] of INPUTS) expect(text.length).toBe(N);
    for (const [, text] of INPUTS_4X) expect(text.length).toBe(4 * N);
  });

  it.each(INJECTION_RULES.map((r) => [r.name, r.re] as const))("injection rule %j stays within budget", (_name, re) => {
    for (const [shape, text] of DETECTOR_INPUTS)
      expect(
        elapsed(() => re.test(text)),
        shape,
      ).toBeLessThan(BUDGET_MS);
  });

  it("the injection detector (fold + rules) stays within budget", () => {
    for (const [shape, text] of DETECTOR_INPUTS)
      expect(
        elapsed(() => detectJudgeInjection(text)),
        shape,
      ).toBeLessThan(BUDGET_MS);
  });

  it("the refusal detector stays within budget", () => {
    for (const [shape, text] of DETECTOR_INPUTS)
      expect(
        elapsed(() => isRefusal(text)),
        shape,
      ).toBeLessThan(BUDGET_MS);
  });

  it("the category normaliser stays within budget", () => {
    for (const [shape, text] of DETECTOR_INPUTS) {
      expect(
        elapsed(() => normalizeCategory(text)),
        shape,
      ).toBeLessThan(BUDGET_MS);
      expect(
        elapsed(() => normalizeCategory(`${text} (MCR)`)),
        shape,
      ).toBeLessThan(BUDGET_MS);
    }
  });

  it("the submission validator stays within budget", () => {
    for (const [shape, text] of INPUTS) {
      const file = JSON.stringify({
        predictions: [
          { question_text: text, question_image: text, system_answer: text, original_answer: text, category: text },
        ],
      });
      expect(
        elapsed(() => parsePredictionFile(file, { file: "prediction_dyadic.json", split: "dyadic" })),
        shape,
      ).toBeLessThan(BUDGET_MS);
    }
  });

  it("the judge-reply parser stays within budget", () => {
    for (const [shape, text] of INPUTS) {
      expect(
        elapsed(() => parseJudgeReply(text, ["q1"])),
        shape,
      ).toBeLessThan(BUDGET_MS);
      const reply = `[{"question_id": "q1", "reasoning": ${JSON.stringify(text)}, "score": 1}]`;
      expect(
        elapsed(() => parseJudgeReply(reply, ["q1"])),
        shape,
      ).toBeLessThan(BUDGET_MS);
    }
  });

  it("the lexical tokenizer and scores stay within budget", () => {
    for (const [shape, text] of INPUTS) {
      for (const nltk of ["3.5", "3.8"] as const) {
        expect(
          elapsed(() => tokenize(text, { mode: "nltk", nltk, removeStopwords: true })),
          `${shape} (${nltk})`,
        ).toBeLessThan(BUDGET_MS);
      }
      expect(
        elapsed(() => lexicalScores(text, "a short reference answer.")),
        shape,
      ).toBeLessThan(BUDGET_MS);
    }
  });
});
