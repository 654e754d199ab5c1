import { describe, expect, it } from "vitest";
import { makeQid, parseQuestionsFile } from "../../../lib/scoring/answer-key";

const loc = {
  split: "dyadic" as const,
  dialogue: 6,
  session: 0,
  file: "dyadic/dialogue6/scenes/session0/questions.json",
};
const question = (over: Record<string, unknown> = {}) => ({
  question: { image: "session1/2.png", text: "Which place did she visit first?" },
  original_answer: "代代木公园",
  answer_session: ["S3-2"],
  answer_dialogue: "dialogue3",
  question_type: { main_type: "Memory Recall", sub_type: "Cross-modal Related Retrieval" },
  ...over,
});

describe("parseQuestionsFile", () => {
  it("reads the official shape, using the folder (not answer_session) for the location", () => {
    const { questions, issues } = parseQuestionsFile(
      { metadata: {}, questions: [question({ difficulty: "easy", validated: false, notes: "中文" }), question()] },
      loc,
    );
    expect(issues).toEqual([]);
    expect(questions[0]).toEqual({
      qid: "dyadic/dialogue6/session0/0",
      split: "dyadic",
      dialogue: 6,
      session: 0,
      index: 0,
      questionText: "Which place did she visit first?",
      questionImage: "session1/2.png",
      category: "CRR",
      mainType: "RECALL",
      difficulty: "easy",
      answer: "代代木公园",
      evidenceSession: null, // answer_session names dialogue3, not this dialogue6
    });
    expect(questions[1].difficulty).toBe("medium"); // missing difficulty counts as medium
    const nulls = parseQuestionsFile(
      { questions: [question({ question: { text: "T", image: null }, difficulty: null })] },
      loc,
    );
    expect(nulls.issues).toEqual([]);
    expect(nulls.questions[0]).toMatchObject({ questionImage: "", difficulty: "medium" });
    expect(makeQid("multi-party", 2, 0, 1)).toBe("multi-party/dialogue2/session0/1");
  });

  it("maps 'Multimodal Causal Inference' to MCR and warns about a main_type mismatch", () => {
    const { questions, issues } = parseQuestionsFile(
      {
        questions: [
          question({ question_type: { main_type: "Memory Recall", sub_type: "Multimodal Causal Inference" } }),
        ],
      },
      loc,
    );
    expect(questions[0].category).toBe("MCR");
    expect(questions[0].mainType).toBe("REASONING");
    expect(issues.map((i) => i.code)).toEqual(["MAIN_TYPE_MISMATCH"]);
  });

  it("reports broken items and unknown categories without dropping the rest silently", () => {
    const { questions, issues } = parseQuestionsFile(
      {
        questions: [
          question(),
          { question: { text: 1 } },
          question({ question_type: { sub_type: "Mystery" } }),
          question({ difficulty: "extreme" }),
        ],
      },
      loc,
    );
    expect(questions.map((q) => q.index)).toEqual([0, 3]);
    expect(issues.map((i) => `${i.severity}:${i.code}:${i.path}`)).toEqual([
      "error:BAD_QUESTION:/questions/1",
      "error:UNKNOWN_CATEGORY:/questions/2/question_type/sub_type",
      "warning:UNKNOWN_DIFFICULTY:/questions/3/difficulty",
    ]);
    expect(parseQuestionsFile({ nope: true }, loc).issues[0].code).toBe("BAD_QUESTIONS_FILE");
  });
});
