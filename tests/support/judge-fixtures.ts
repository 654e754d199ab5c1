import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { defaultReplyTokens, promptTemplate } from "@/lib/scoring";
import type { JudgeConfig } from "@/lib/server/judge/config";
import { fakeGrade } from "../../scripts/dev/fake-judge-server";

// A small answer key (3 sessions in 2 dyadic dialogues + 1 multi-party session) and a
// submission over it that exercises every path of the judge stage: exact answers (1), answers
// sharing a word (0.5), wrong ones (0), an empty answer (0, no call), an unanswered key question
// (0, no call) and an unmatched prediction (not counted).

type KeyQ = {
  split: string;
  dialogue: number;
  session: number;
  index: number;
  q: string;
  a: string;
  category: string;
  mainType: string;
};

export const KEY: KeyQ[] = [
  {
    split: "dyadic",
    dialogue: 1,
    session: 1,
    index: 0,
    q: "What pet does Anna have?",
    a: "A grey cat",
    category: "UPR",
    mainType: "RECALL",
  },
  {
    split: "dyadic",
    dialogue: 1,
    session: 1,
    index: 1,
    q: "Where did Ben travel?",
    a: "Lisbon",
    category: "CRR",
    mainType: "RECALL",
  },
  {
    split: "dyadic",
    dialogue: 1,
    session: 1,
    index: 2,
    q: "Why was Anna late?",
    a: "Her train broke down",
    category: "MCR",
    mainType: "REASONING",
  },
  {
    split: "dyadic",
    dialogue: 1,
    session: 2,
    index: 0,
    q: "Is the new job a contradiction?",
    a: "Yes, contradiction",
    category: "CD",
    mainType: "APPLICATION",
  },
  {
    split: "dyadic",
    dialogue: 1,
    session: 2,
    index: 1,
    q: "What colour is the bike?",
    a: "Red",
    category: "UPR",
    mainType: "RECALL",
  },
  {
    split: "dyadic",
    dialogue: 2,
    session: 0,
    index: 0,
    q: "Which city came first?",
    a: "Paris before Rome",
    category: "TR",
    mainType: "REASONING",
  },
  {
    split: "dyadic",
    dialogue: 2,
    session: 0,
    index: 1,
    q: "What is her current address?",
    a: "12 Oak Street",
    category: "KR",
    mainType: "RECALL",
  },
  {
    split: "dyadic",
    dialogue: 2,
    session: 0,
    index: 2,
    q: "What is Carl's blood type?",
    a: "Not mentioned",
    category: "AR",
    mainType: "APPLICATION",
  },
  {
    split: "multi-party",
    dialogue: 1,
    session: 1,
    index: 0,
    q: "Who brought the cake?",
    a: "Dana",
    category: "RET",
    mainType: "REASONING",
  },
  {
    split: "multi-party",
    dialogue: 1,
    session: 1,
    index: 1,
    q: "How would Eve fix the sink?",
    a: "Tighten the valve first",
    category: "TTL",
    mainType: "APPLICATION",
  },
];

/** question text -> system answer; the last key question is left unanswered. */
const ANSWERS: Record<string, string> = {
  "What pet does Anna have?": "A grey cat",
  "Where did Ben travel?": "He went to Lisbon in May",
  "Why was Anna late?": "She overslept",
  "Is the new job a contradiction?": "Yes, contradiction",
  "What colour is the bike?": "",
  "Which city came first?": "Rome then Paris",
  "What is her current address?": "Unknown",
  "What is Carl's blood type?": "Not mentioned",
  "Who brought the cake?": "Dana",
};

export const qidOf = (k: KeyQ) => `${k.split}/dialogue${k.dialogue}/session${k.session}/${k.index}`;

/** What the stage must store per key question (fake grader, empty and unanswered = 0). */
export function expectedScores(): Map<string, number> {
  return new Map(KEY.map((k) => [qidOf(k), ANSWERS[k.q] ? fakeGrade(k.a, ANSWERS[k.q]) : 0]));
}

export async function seedAnswerKey(db: PrismaClient): Promise<string> {
  const existing = await db.answerKeyVersion.findUnique({ where: { contentSha256: "judge-fixture-key" } });
  if (existing) return existing.id;
  const v = await db.answerKeyVersion.create({
    data: { label: "judge fixture", contentSha256: "judge-fixture-key", questionCount: KEY.length, active: false },
  });
  await db.referenceQuestion.createMany({
    data: KEY.map((k) => ({
      versionId: v.id,
      qid: qidOf(k),
      split: k.split,
      dialogue: k.dialogue,
      session: k.session,
      index: k.index,
      questionText: k.q,
      category: k.category,
      mainType: k.mainType,
      difficulty: "medium",
      answer: k.a,
    })),
  });
  return v.id;
}

/** A submission as the lexical stage leaves it: predictions matched to the key. */
export async function seedSubmission(
  db: PrismaClient,
  opts: { answers?: Record<string, string> } = {},
): Promise<string> {
  const versionId = await seedAnswerKey(db);
  const refs = await db.referenceQuestion.findMany({ where: { versionId } });
  const user = await db.user.upsert({
    where: { email: "judge-tests@example.org" },
    create: { email: "judge-tests@example.org" },
    update: {},
  });
  const sub = await db.submission.create({
    data: {
      userId: user.id,
      methodName: "FakeRAG",
      backbone: "Qwen2.5-VL-7B",
      contentSha256: randomUUID(),
      answerKeyVersionId: versionId,
      status: "JUDGING",
    },
  });
  const answers = { ...ANSWERS, ...opts.answers };
  const rows: Prisma.PredictionCreateManyInput[] = [];
  const index = { dyadic: 0, "multi-party": 0 } as Record<string, number>;
  for (const k of KEY) {
    if (!(k.q in answers)) continue;
    const ref = refs.find((r) => r.qid === qidOf(k))!;
    rows.push({
      submissionId: sub.id,
      split: k.split,
      index: index[k.split]++,
      questionText: k.q,
      systemAnswer: answers[k.q],
      originalAnswer: k.a,
      category: k.category,
      referenceQuestionId: ref.id,
    });
  }
  // Unmatched: not in the key, so it is reported by lexical and never judged.
  rows.push({
    submissionId: sub.id,
    split: "dyadic",
    index: index.dyadic++,
    questionText: "Not a key question?",
    systemAnswer: "x",
    originalAnswer: "y",
    category: "UPR",
  });
  await db.prediction.createMany({ data: rows });
  return sub.id;
}

export function testJudgeConfig(baseURL: string, over: Partial<JudgeConfig> = {}): JudgeConfig {
  return {
    baseURL,
    apiKey: "test-key",
    model: "fake-judge-1",
    batchSize: 20,
    concurrency: 2,
    timeoutMs: 2000,
    maxRetries: 3,
    rpm: 10_000,
    maxTokens: defaultReplyTokens(over.batchSize ?? 20),
    prompt: promptTemplate(),
    ...over,
  };
}

/** Fast backoff for tests (Retry-After is still honoured exactly). */
export const FAST_RETRY = { baseDelayMs: 20, maxDelayMs: 100 };
