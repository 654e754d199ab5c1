import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/v1/admin/submissions/[id]/approve/route";
import * as csvRoute from "@/app/api/v1/leaderboard.csv/route";
import * as leaderboardRoute from "@/app/api/v1/leaderboard/route";
import { CATEGORIES, type ReferenceQuestion } from "@/lib/scoring";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { leaderboardJsonSchema } from "@/lib/server/leaderboard/api-schema";
import { entryStanding } from "@/lib/server/leaderboard/entry-standing";
import { rankedBoard, scopeCell } from "@/lib/server/leaderboard/ranked-board";
import { ensureReferenceScores } from "@/lib/server/leaderboard/compute-references";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { ctx, req, userWithToken } from "../../support/api-helpers";
import { restoreActiveKey, setEnv, uploaded, useSyntheticKey } from "../../support/pipeline-helpers";

// Reference rows (issue 14, point 6) through the HTTP API: the worker's job computes them under
// the published scorer version against the active key, and they equal what the real pipeline
// gives the same trivial system uploaded as an ordinary submission.

let key: Awaited<ReturnType<typeof useSyntheticKey>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
let author: Awaited<ReturnType<typeof userWithToken>>;
const log = logger.child({ test: "references" });

const board = async (query = "") =>
  leaderboardJsonSchema.parse(await (await leaderboardRoute.GET(req(`/api/v1/leaderboard${query}`), ctx({}))).json());
// Written here, not with the code under test: the echo system as an author would upload it.
const echoFile = (questions: ReferenceQuestion[], split: string) =>
  JSON.stringify({
    predictions: questions
      .filter((q) => q.split === split)
      .map((q) => ({
        question_text: q.questionText,
        question_image: q.questionImage,
        system_answer: q.questionText,
        original_answer: "",
        category: CATEGORIES[q.category].name,
      })),
  });

beforeAll(async () => {
  await setEnv({ DAILY_SUBMISSION_QUOTA: "0" });
  key = await useSyntheticKey({ dyadic: 30, multiParty: 10 }, 1406);
  admin = await userWithToken("refs-admin", "ADMIN");
  author = await userWithToken("refs-author", "SUBMITTER");
});
afterAll(async () => {
  await restoreActiveKey();
  await setEnv({ DAILY_SUBMISSION_QUOTA: undefined });
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("reference rows", () => {
  it("are computed once per scorer version and key by the worker's job, and read by the API", async () => {
    const version = await publishedScorerVersion();
    expect((await board()).references).toEqual([]); // a new key: none until the worker computes them
    const first = await ensureReferenceScores(log);
    expect(first.computed).toContain(version);
    expect(await ensureReferenceScores(log)).toMatchObject({ computed: [] }); // lazily ensured: nothing to do
    const lb = await board();
    expect(lb.scorerVersion).toBe(version);
    expect(lb.references.map((r) => r.kind)).toEqual(["always-refuse", "echo-question", "empty"]);
    const questions = key.questions.length;
    for (const r of lb.references) {
      expect(r.overall.n).toBe(questions);
      expect(Object.keys(r.mainTypes).sort()).toEqual(["APPLICATION", "REASONING", "RECALL"]);
      expect(Object.keys(r.categories).length).toBeGreaterThan(0);
    }
    expect(lb.references.find((r) => r.kind === "empty")!.overall.value).toBe(0);
    expect(lb.references.find((r) => r.kind === "echo-question")!.overall.value).toBeGreaterThan(0);
    // No judge for trivial systems: the judge view has none.
    expect((await board("?metric=judge")).references).toEqual([]);
    // The CSV marks them as references.
    const csv = await (await csvRoute.GET(req("/api/v1/leaderboard.csv?split=dyadic"), ctx({}))).text();
    expect(
      csv
        .split("\n")
        .filter((l) => l.startsWith("reference,"))
        .map((l) => l.split(",")[3]),
    ).toEqual(["always-refuse", "echo-question", "empty"]);
  });

  const oneRun = ({ runSd, ...cell }: { runSd?: number | null }) => {
    expect(runSd ?? null).toBeNull();
    return cell;
  };
  const oneRunEach = (cells: Record<string, { runSd?: number | null }>) =>
    Object.fromEntries(Object.entries(cells).map(([k, c]) => [k, oneRun(c)]));

  it("equal the pipeline's scores of the same trivial system uploaded as a submission", async () => {
    const files = uploaded(echoFile(key.questions, "dyadic"), echoFile(key.questions, "multi-party"));
    const { id } = await createSubmission({
      userId: author.id,
      files,
      meta: { methodName: `echo-${Date.now()}` },
      enqueue: false,
    });
    expect(await scoreSubmissionPipeline(id, log)).toBe("scored");
    expect((await approveRoute.POST(req("/x", { method: "POST", token: admin.token }), ctx({ id }))).status).toBe(200);
    for (const query of ["", "?split=multi-party&metric=bleu1", "?aggregate=macro"]) {
      const lb = await board(query);
      const entry = lb.entries.find((e) => e.id === id)!;
      const echo = lb.references.find((r) => r.kind === "echo-question")!;
      // An entry's cells also carry the run-to-run spread (null: one run); a reference row has no runs.
      expect(echo.overall).toEqual(oneRun(entry.overall));
      expect(echo.mainTypes).toEqual(oneRunEach(entry.mainTypes));
      expect(echo.categories).toEqual(oneRunEach(entry.categories));
    }
    // Entry pages show the best reference beside every category.
    const standing = await entryStanding(id, "f1", "overall");
    const lb = await board();
    for (const row of standing.rows.filter((r) => r.scope in CATEGORIES)) {
      const best = Math.max(
        ...lb.references.map((r) => r.categories[row.scope as keyof typeof CATEGORIES]?.value ?? -1),
      );
      expect(row.reference).toBe(best);
    }
    // Count, best and median per scope are the whole board's, computed once per board.
    const ranked = await rankedBoard({ split: "overall", metric: "f1", aggregate: "micro" });
    for (const row of standing.rows) {
      const values = ranked.entries.flatMap((e) => scopeCell(e, row.scope)?.value ?? []).sort((a, b) => a - b);
      const m = Math.floor(values.length / 2);
      expect(values.length).toBeGreaterThan(0);
      expect(row).toMatchObject({
        of: values.length,
        best: Math.max(...values),
        median: values.length % 2 ? values[m] : (values[m - 1]! + values[m]!) / 2,
      });
    }
  });
});
