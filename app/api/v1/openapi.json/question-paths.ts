import { questionQuerySchema } from "@/lib/server/leaderboard/question-explorer";
import { goldDecisionSchema, goldReportInputSchema } from "@/lib/server/review/gold-reports";
import { fails, input, jsonBody, ok, operation, pathParam, rateLimited, type JsonSchema } from "./components";

// The question explorer (issue 50): a question's id is its path, `<split>/dialogue<N>/session<M>/<position>`.

const num = { type: ["number", "null"] };
const question: JsonSchema = {
  type: "object",
  required: [
    "id",
    "text",
    "split",
    "dialogue",
    "session",
    "position",
    "category",
    "difficulty",
    "goldAnswer",
    "answered",
    "stats",
    "solved",
  ],
  properties: {
    id: { type: "string", examples: ["dyadic/dialogue4/session3/2"] },
    text: { type: "string" },
    image: { type: "string" },
    split: { type: "string", enum: ["dyadic", "multi-party"] },
    dialogue: { type: "integer" },
    session: { type: "integer" },
    position: { type: "integer", description: "Position in its session's questions.json (from 0)." },
    category: { type: "string" },
    difficulty: { type: "string", enum: ["easy", "medium", "hard"] },
    goldAnswer: { type: "string" },
    answered: { type: "integer", description: "Approved entries with a score on it." },
    stats: {
      description: "null until at least 3 approved entries answered it (docs/SCORING.md, Question explorer).",
      oneOf: [
        { type: "null" },
        {
          type: "object",
          required: ["meanJudge", "meanF1", "shareRight", "discrimination", "evidenceFound"],
          properties: {
            meanJudge: num,
            meanF1: num,
            shareRight: { type: "number", description: "Share with judge >= 0.75 (F1 on a version without a judge)." },
            discrimination: {
              ...num,
              description: "Mean headline score of the top 27% of entries minus the bottom 27%.",
            },
            evidenceFound: {
              ...num,
              description: "Share of reporting entries whose retrieved sessions include the question's.",
            },
          },
        },
      ],
    },
    solved: { type: ["boolean", "null"], description: "Some entry got it right (null while stats are null)." },
  },
};
const common = {
  scorerVersion: { type: "string" },
  answerKey: { type: ["object", "null"] },
  metric: { type: "string", enum: ["judge", "f1"] },
  entries: { type: "integer", description: "Approved entries counted." },
  minAnswered: { type: "integer" },
  ceilings: {
    type: "array",
    items: {
      type: "object",
      properties: {
        category: { type: "string" },
        questions: { type: "integer" },
        shown: { type: "integer" },
        solved: { type: "integer" },
        ceiling: num,
      },
    },
  },
};
const params = Object.entries(questionQuerySchema.shape).map(([name, field]) => {
  const { description, ...schema } = input(field as Parameters<typeof input>[0]);
  return { name, in: "query", required: false, schema, ...(description ? { description } : {}) };
});
const idParams = [
  pathParam("split", { type: "string", enum: ["dyadic", "multi-party"] }),
  pathParam("dialogue", { type: "string", pattern: "^dialogue[0-9]+$" }),
  pathParam("session", { type: "string", pattern: "^session[0-9]+$" }),
  pathParam("index", { type: "string", pattern: "^[0-9]+$" }),
];
const report: JsonSchema = {
  type: "object",
  required: [
    "id",
    "qid",
    "kind",
    "goldAnswer",
    "proposedAnswer",
    "reason",
    "state",
    "correctedAnswer",
    "decisionReason",
    "duplicateOf",
    "createdAt",
    "decidedAt",
  ],
  properties: {
    id: { type: "string" },
    qid: { type: "string" },
    kind: { type: "string", enum: ["wrong", "ambiguous"] },
    goldAnswer: { type: "string", description: "The gold answer the report was made against." },
    proposedAnswer: { type: "string" },
    reason: { type: "string" },
    state: { type: "string", enum: ["pending", "accepted", "rejected", "duplicate"] },
    correctedAnswer: { type: ["string", "null"], description: "Accepted: the answer for the next answer-key version." },
    decisionReason: { type: ["string", "null"], description: "Rejected: why." },
    duplicateOf: { type: ["string", "null"], description: "Merged: the report it duplicates." },
    createdAt: { type: "string", format: "date-time" },
    decidedAt: { type: ["string", "null"], format: "date-time" },
  },
};
const noQuestion = fails(["NOT_FOUND", "No question with this id in the published answer key."], rateLimited);

export const questionPaths = {
  "/api/v1/questions": {
    get: operation(null, {
      summary:
        "Every question of the published answer key with how the approved entries did on it, paged and filtered (`unsolved=1`: questions no approved entry solves); per-category ceilings.",
      parameters: params,
      responses: {
        ...ok("One page of questions.", {
          type: "object",
          required: ["total", "page", "perPage", "questions", ...Object.keys(common)],
          properties: {
            ...common,
            total: { type: "integer" },
            page: { type: "integer" },
            perPage: { type: "integer" },
            questions: { type: "array", items: question },
          },
        }),
        ...fails(["BAD_REQUEST", "A filter or paging value is not one of the allowed ones."], rateLimited),
      },
    }),
  },
  "/api/v1/questions/{split}/{dialogue}/{session}/{index}": {
    get: operation(null, {
      summary:
        "One question (its id is the path after /questions/) with each approved entry's judge score, F1 and, where its predictions are public, answer (empty below 3 answers).",
      parameters: idParams,
      responses: {
        ...ok("The question.", {
          type: "object",
          required: ["question", "results", ...Object.keys(common)],
          properties: {
            ...common,
            question,
            results: {
              type: "array",
              items: {
                type: "object",
                required: ["entryId", "methodName", "judge", "f1", "answer"],
                properties: {
                  entryId: { type: "string" },
                  methodName: { type: "string" },
                  judge: num,
                  f1: num,
                  answer: { type: ["string", "null"] },
                },
              },
            },
          },
        }),
        ...noQuestion,
      },
    }),
  },

  "/api/v1/questions/{split}/{dialogue}/{session}/{index}/reports": {
    get: operation(null, {
      summary:
        "The question's gold-answer reports with their state (pending, accepted, rejected, duplicate), oldest first; who reported is never shown.",
      parameters: idParams,
      responses: {
        ...ok("The reports.", {
          type: "object",
          required: ["question", "reports"],
          properties: { question: { type: "string" }, reports: { type: "array", items: report } },
        }),
        ...noQuestion,
      },
    }),
    post: operation("submit", {
      summary:
        "Report the question's gold answer as wrong or ambiguous, with a proposed answer and a reason (no control characters; 20 reports per account per hour). An administrator triages it on /admin/gold-reports.",
      parameters: idParams,
      requestBody: jsonBody(goldReportInputSchema),
      responses: {
        ...ok("The report, pending.", report, "201"),
        ...fails(["NOT_FOUND", "No question with this id in the published answer key."], rateLimited),
      },
    }),
  },
  "/api/v1/admin/gold-reports/{id}": {
    post: operation("admin", {
      summary:
        "Decide a pending gold-answer report: accept (optionally with another corrected answer), reject with a reason, or merge into another report on the same question. Audited; the reporter is notified by e-mail through the outbox.",
      parameters: [pathParam("id")],
      requestBody: jsonBody(goldDecisionSchema),
      responses: {
        ...ok("The report after the decision.", report),
        ...fails(
          ["NOT_FOUND", "No such report."],
          ["CONFLICT", "The report was already decided."],
          ["BAD_REQUEST", "A merge target that is not another report on the same question."],
        ),
      },
    }),
  },
};
