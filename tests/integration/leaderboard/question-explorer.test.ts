// Issue 50 point 2: the question explorer's numbers on a fixture of 4 approved entries, computed by
// hand (docs/SCORING.md §14), the API's paging, filters and `unsolved=1`, and the 3-answers rule.
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatScorerVersion } from "@/lib/scoring";
import { db } from "@/lib/server/db";
import { PUBLISHED_VERSION_KEY } from "@/lib/server/versions/published-version";
import { questionExplorer } from "@/lib/server/leaderboard/question-stats";
import { parseQuestionQuery } from "@/lib/server/leaderboard/question-explorer";
import * as listRoute from "@/app/api/v1/questions/route";
import * as oneRoute from "@/app/api/v1/questions/[split]/[dialogue]/[session]/[index]/route";
import { ctx, req } from "../../support/api-helpers";

const stamp = randomUUID().slice(0, 8);
const sha = createHash("sha256").update(`explorer-${stamp}`).digest("hex");
const V = formatScorerVersion({ keySha256: sha, judge: { model: "explorer-judge", promptVersion: "p1" } });

type Q = {
  qid: string;
  split: string;
  dialogue: number;
  session: number;
  index: number;
  category: string;
  difficulty: string;
};
const KEY: Q[] = [
  {
    qid: "dyadic/dialogue1/session1/0",
    split: "dyadic",
    dialogue: 1,
    session: 1,
    index: 0,
    category: "UPR",
    difficulty: "easy",
  },
  {
    qid: "dyadic/dialogue1/session1/1",
    split: "dyadic",
    dialogue: 1,
    session: 1,
    index: 1,
    category: "UPR",
    difficulty: "hard",
  },
  {
    qid: "multi-party/dialogue1/session1/0",
    split: "multi-party",
    dialogue: 1,
    session: 1,
    index: 0,
    category: "TR",
    difficulty: "medium",
  },
  {
    qid: "multi-party/dialogue1/session2/0",
    split: "multi-party",
    dialogue: 1,
    session: 2,
    index: 0,
    category: "CD",
    difficulty: "medium",
  },
];
// Per entry (overall judge score) and question: [judge, F1]; undefined: not answered. Entry C's judge
// failed on the third question (null judge), so it did not "answer" it under a judge version.
const ENTRIES: Array<{ name: string; overall: number; scores: Array<[number | null, number] | undefined> }> = [
  {
    name: "A",
    overall: 0.9,
    scores: [
      [1, 0.8],
      [0, 0.1],
      [1, 0.9],
      [1, 1],
    ],
  },
  {
    name: "B",
    overall: 0.7,
    scores: [
      [0.75, 0.6],
      [0.25, 0.2],
      [1, 0.9],
      [0.5, 0.5],
    ],
  },
  { name: "C", overall: 0.5, scores: [[0.5, 0.4], [0.5, 0.3], [null, 0.5], undefined] },
  { name: "D", overall: 0.3, scores: [[0, 0.2], [0.5, 0.4], [1, 0.3], undefined] },
];

let previous: string | null = null;
const ids: Record<string, string> = {};
let userId = "";

async function entry(
  name: string,
  overall: number,
  scores: Array<[number | null, number] | undefined>,
  refs: Map<string, string>,
  approved = true,
  runOf: string | null = null,
) {
  const s = await db.submission.create({
    data: {
      userId,
      methodName: `explorer-${stamp}-${name}`,
      contentSha256: randomUUID(),
      status: "SCORED",
      reviewState: approved ? "APPROVED" : "PENDING",
      publicPredictions: name === "A",
      runOf,
    },
  });
  await db.score.create({
    data: {
      submissionId: s.id,
      scorerVersion: V,
      split: "overall",
      scope: "ALL",
      metric: "judge",
      aggregate: "micro",
      value: overall,
      n: 4,
    },
  });
  const perSplit: Record<string, number> = {};
  for (const [i, q] of KEY.entries()) {
    const sc = scores[i];
    if (!sc) continue;
    const index = (perSplit[q.split] = (perSplit[q.split] ?? -1) + 1);
    await db.prediction.create({
      data: {
        submissionId: s.id,
        split: q.split,
        index,
        questionText: `q ${q.qid}`,
        systemAnswer: `${name} says ${i}`,
        originalAnswer: "gold",
        category: q.category,
        referenceQuestionId: refs.get(q.qid)!,
        // Question 1's gold session is 1: A retrieved it, B another one, C and D sent none.
        retrievedSessions: i > 0 ? [] : name === "A" ? ["session2", "session1"] : name === "B" ? ["session3"] : [],
      },
    });
    await db.questionScore.create({
      data: {
        submissionId: s.id,
        scorerVersion: V,
        split: q.split,
        index,
        f1: sc[1],
        judgeScore: sc[0],
        judgeReasoning: "r",
      },
    });
  }
  return s.id;
}

beforeAll(async () => {
  previous = (await db.setting.findUnique({ where: { key: PUBLISHED_VERSION_KEY } }))?.value ?? null;
  userId = (await db.user.create({ data: { email: `explorer-${stamp}@example.org` } })).id;
  const key = await db.answerKeyVersion.create({
    data: { label: `explorer ${stamp}`, contentSha256: sha, questionCount: KEY.length },
  });
  await db.referenceQuestion.createMany({
    data: KEY.map((q, i) => ({
      versionId: key.id,
      ...q,
      questionText: `q ${q.qid}`,
      mainType: "RECALL",
      answer: `gold ${q.qid}`,
      evidenceSession: i === 1 ? null : q.session,
    })),
  });
  const refs = new Map(
    (await db.referenceQuestion.findMany({ where: { versionId: key.id } })).map((r) => [r.qid, r.id]),
  );
  for (const e of ENTRIES) ids[e.name] = await entry(e.name, e.overall, e.scores, refs);
  // Not approved: never counted, even with perfect rows.
  await entry(
    "P",
    1,
    [
      [1, 1],
      [1, 1],
      [1, 1],
      [1, 1],
    ],
    refs,
    false,
  );
  // An approved replicate run of A: A counts once (as on the board), by its own rows.
  const perfect: Array<[number, number]> = [
    [1, 1],
    [1, 1],
    [1, 1],
    [1, 1],
  ];
  await entry("R", 1, perfect, refs, true, ids.A!);
  await db.setting.upsert({
    where: { key: PUBLISHED_VERSION_KEY },
    create: { key: PUBLISHED_VERSION_KEY, value: V },
    update: { value: V },
  });
});

afterAll(async () => {
  if (previous === null) await db.setting.deleteMany({ where: { key: PUBLISHED_VERSION_KEY } });
  else await db.setting.update({ where: { key: PUBLISHED_VERSION_KEY }, data: { value: previous } });
  await db.user.deleteMany({ where: { id: userId } });
  await db.answerKeyVersion.deleteMany({ where: { contentSha256: sha } });
});

describe("question explorer", () => {
  it("computes mean judge and F1, share right, discrimination, solved and ceilings as by hand", async () => {
    const ex = await questionExplorer();
    expect(ex.scorerVersion).toBe(V);
    expect(ex.metric).toBe("judge");
    expect(ex.entries.map((e) => e.id)).toEqual([ids.A, ids.B, ids.C, ids.D]);
    const [q1, q2, q3, q4] = ex.questions;
    expect(q1).toMatchObject({
      id: KEY[0]!.qid,
      text: `q ${KEY[0]!.qid}`,
      goldAnswer: `gold ${KEY[0]!.qid}`,
      answered: 4,
      solved: true,
    });
    // 4 entries: k = round(0.27 * 4) = 1, upper group A, lower group D.
    expect(q1!.stats).toEqual({
      meanJudge: 0.5625,
      meanF1: expect.closeTo(0.5, 12),
      shareRight: 0.5,
      discrimination: 1,
      evidenceFound: 0.5,
    });
    expect(q2!.stats!.meanJudge).toBeCloseTo(0.3125, 12);
    expect(q2!.stats!.meanF1).toBeCloseTo(0.25, 12);
    expect(q2).toMatchObject({
      answered: 4,
      solved: false,
      stats: { shareRight: 0, discrimination: -0.5, evidenceFound: null },
    });
    // C's judge failed: 3 answers, all right; A and D both 1.
    expect(q3!.answered).toBe(3);
    expect(q3!.stats!.meanF1).toBeCloseTo(0.7, 12);
    // Nobody sent retrieved sessions for it: evidence is unknown, not 0.
    expect(q3).toMatchObject({
      solved: true,
      stats: { meanJudge: 1, shareRight: 1, discrimination: 0, evidenceFound: null },
    });
    // Two answers: nothing shown.
    expect(q4).toMatchObject({ answered: 2, stats: null, solved: null });
    const ceiling = (c: string) => ex.ceilings.find((x) => x.category === c);
    expect(ceiling("UPR")).toEqual({ category: "UPR", questions: 2, shown: 2, solved: 1, ceiling: 0.5 });
    expect(ceiling("TR")).toEqual({ category: "TR", questions: 1, shown: 1, solved: 1, ceiling: 1 });
    expect(ceiling("CD")).toEqual({ category: "CD", questions: 1, shown: 0, solved: 0, ceiling: null });
  });

  it("GET /api/v1/questions pages and filters; unsolved=1 lists what no entry solves; bad values answer 400", async () => {
    const get = async (q: string) => {
      const r = await listRoute.GET(req(`/api/v1/questions${q}`), ctx({}));
      return { status: r.status, body: (await r.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const all = await get("");
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ scorerVersion: V, entries: 4, minAnswered: 3, total: 4, page: 1, perPage: 50 });
    expect(all.body.questions.map((q: { id: string; text: string }) => [q.id, q.text])).toEqual(
      KEY.map((k) => [k.qid, `q ${k.qid}`]),
    );
    const page2 = await get("?perPage=3&page=2");
    expect(page2.body).toMatchObject({ total: 4, page: 2, perPage: 3 });
    expect(page2.body.questions.map((q: { id: string }) => q.id)).toEqual([KEY[3]!.qid]);
    expect((await get("?split=multi-party")).body.questions.map((q: { id: string }) => q.id)).toEqual([
      KEY[2]!.qid,
      KEY[3]!.qid,
    ]);
    expect((await get("?category=UPR&difficulty=hard")).body.questions.map((q: { id: string }) => q.id)).toEqual([
      KEY[1]!.qid,
    ]);
    expect((await get("?unsolved=1")).body.questions.map((q: { id: string }) => q.id)).toEqual([KEY[1]!.qid]);
    expect((await get("?unsolved=1&split=multi-party")).body.total).toBe(0);
    expect((await get("?category=NOPE")).status).toBe(400);
    // The page falls back per field instead.
    expect(
      parseQuestionQuery({ unsolved: "1", category: "NOPE", page: "x", split: ["dyadic", "multi-party"] }),
    ).toEqual({
      unsolved: true,
      split: "dyadic",
      page: 1,
      perPage: 50,
    });
    expect((await get("?perPage=0")).status).toBe(400);
  });

  it("GET /api/v1/questions/{id} gives each entry's result from 3 answers on, answers only where public", async () => {
    const one = async (qid: string) => {
      const [split, dialogue, session, index] = qid.split("/") as [string, string, string, string];
      const r = await oneRoute.GET(req(`/api/v1/questions/${qid}`), ctx({ split, dialogue, session, index }));
      return { status: r.status, body: (await r.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const q1 = await one(KEY[0]!.qid);
    expect(q1.status).toBe(200);
    expect(q1.body.question.id).toBe(KEY[0]!.qid);
    expect(q1.body.results).toEqual([
      { entryId: ids.A, methodName: `explorer-${stamp}-A`, judge: 1, f1: 0.8, answer: "A says 0" },
      { entryId: ids.B, methodName: `explorer-${stamp}-B`, judge: 0.75, f1: 0.6, answer: null },
      { entryId: ids.C, methodName: `explorer-${stamp}-C`, judge: 0.5, f1: 0.4, answer: null },
      { entryId: ids.D, methodName: `explorer-${stamp}-D`, judge: 0, f1: 0.2, answer: null },
    ]);
    const q4 = await one(KEY[3]!.qid);
    expect(q4.body.question.stats).toBeNull();
    expect(q4.body.results).toEqual([]);
    expect((await one("dyadic/dialogue9/session9/9")).status).toBe(404);
    expect((await one("dyadic/nonsense/session1/0")).status).toBe(404);
  });
});
