import "server-only";
import { answerKeyTagOf, CATEGORY_CODES, type CategoryCode } from "@/lib/scoring";
import { db } from "../db";
import { answerKeyOfVersion, type AnswerKeyInfo } from "../answer-key/active-info";
import { loadAnswerKeyQuestions } from "../answer-key/store";
import { demoEntriesHidden } from "../answer-key/demo";
import { StampedMemo } from "../public-cache/generation";
import { headlineMetricOf, publishedScorerVersion } from "../versions/published-version";

// The question explorer's numbers (docs/SCORING.md §14): every question of the published key over the
// approved entries' published per-question rows, in one grouped query per public generation.

/** Nothing is shown for a question fewer entries answered (issue 50). */
export const MIN_ANSWERED = 3;
/** A judge score (F1 on a version without a judge) at least this counts as right. */
export const RIGHT_AT = 0.75;
/** Share of entries in each of the upper and lower groups of the discrimination index. */
const GROUP_SHARE = 0.27;

export type QuestionStats = {
  meanJudge: number | null;
  meanF1: number | null;
  shareRight: number;
  discrimination: number | null;
  /** Of the answering entries that sent retrieved_sessions for it, the share that retrieved its gold session (null: none did, or it has no gold session). */
  evidenceFound: number | null;
};
export type ExplorerQuestion = {
  id: string;
  split: string;
  dialogue: number;
  session: number;
  position: number;
  text: string;
  image: string;
  category: CategoryCode;
  difficulty: string;
  goldAnswer: string;
  answered: number;
  /** null below MIN_ANSWERED answers. */
  stats: QuestionStats | null;
  /** Solved by at least one entry; null while stats are hidden. */
  solved: boolean | null;
};
export type Ceiling = {
  category: CategoryCode;
  questions: number;
  shown: number;
  solved: number;
  ceiling: number | null;
};
export type Explorer = {
  scorerVersion: string;
  answerKey: AnswerKeyInfo | null;
  metric: "judge" | "f1";
  entries: Array<{ id: string; methodName: string; publicPredictions: boolean }>;
  questions: ExplorerQuestion[];
  ceilings: Ceiling[];
};

type Row = {
  qid: string;
  answered: number;
  meanJudge: number | null;
  meanF1: number | null;
  right: number;
  discrimination: number | null;
  evidenceReported: number;
  evidenceFound: number;
};

const memo = new StampedMemo<Explorer>(1);

export function questionExplorer(): Promise<Explorer> {
  return memo.get("all", async () => computeExplorer(await publishedScorerVersion(), await demoEntriesHidden()));
}

/** The board's entries (approved, visible, not a replicate run or reproduction of another) with the version's headline row. */
async function shownEntries(version: string, metric: string, hideDemo: boolean) {
  return db.$queryRaw<Array<{ id: string; methodName: string; publicPredictions: boolean; overall: number }>>`
    SELECT s.id, s."methodName", s."publicPredictions", sc.value AS overall
    FROM "Submission" s JOIN "Score" sc ON sc."submissionId" = s.id AND sc."scorerVersion" = ${version}
      AND sc.split = 'overall' AND sc.scope = 'ALL' AND sc.metric = ${metric} AND sc.aggregate = 'micro'
    WHERE s."reviewState" = 'APPROVED' AND NOT (s."isDemo" AND ${hideDemo}) AND s."runOf" IS NULL AND s."reproduces" IS NULL
    ORDER BY sc.value DESC, s.id`;
}

async function computeExplorer(version: string, hideDemo: boolean): Promise<Explorer> {
  const metric = headlineMetricOf(version);
  const tag = answerKeyTagOf(version);
  const key = tag
    ? await db.answerKeyVersion.findFirst({ where: { contentSha256: { startsWith: tag } }, select: { id: true } })
    : null;
  const [answerKey, entries, questions] = await Promise.all([
    answerKeyOfVersion(version),
    shownEntries(version, metric, hideDemo),
    key ? loadAnswerKeyQuestions(key.id) : Promise.resolve([]),
  ]);
  const rows =
    entries.length > 0
      ? await groupedRows(
          version,
          metric,
          entries.map((e) => e.id),
        )
      : [];
  const byQid = new Map(rows.map((r) => [r.qid, r]));
  const out: ExplorerQuestion[] = questions.map((q) => {
    const r = byQid.get(q.qid);
    const shown = r !== undefined && r.answered >= MIN_ANSWERED;
    return {
      id: q.qid,
      split: q.split,
      dialogue: q.dialogue,
      session: q.session,
      position: q.index,
      text: q.questionText,
      image: q.questionImage,
      category: q.category,
      difficulty: q.difficulty,
      goldAnswer: q.answer,
      answered: r?.answered ?? 0,
      stats: shown
        ? {
            meanJudge: r.meanJudge,
            meanF1: r.meanF1,
            shareRight: r.right / r.answered,
            discrimination: r.discrimination,
            evidenceFound: r.evidenceReported > 0 ? r.evidenceFound / r.evidenceReported : null,
          }
        : null,
      solved: shown ? r.right > 0 : null,
    };
  });
  return {
    scorerVersion: version,
    answerKey,
    metric,
    entries: entries.map(({ id, methodName, publicPredictions }) => ({ id, methodName, publicPredictions })),
    questions: out,
    ceilings: ceilingsOf(out),
  };
}

/**
 * One row per key question: entries are ranked by their headline score (ties by id), the top and bottom
 * round(27%) (at least one each) form the groups; the row of each prediction joins its key question by qid,
 * which stays the same across key versions, so a re-score in progress does not lose questions.
 */
async function groupedRows(version: string, metric: "judge" | "f1", ids: string[]): Promise<Row[]> {
  const rows = await db.$queryRaw<Row[]>`
    WITH e AS (
      SELECT id, ord, count(*) OVER () AS n, greatest(1, round(${GROUP_SHARE}::float8 * count(*) OVER ())) AS k
      FROM unnest(${ids}::text[]) WITH ORDINALITY AS u(id, ord)
    ), x AS (
      SELECT r.qid, CASE WHEN e.ord <= e.k THEN 1 WHEN e.ord > e.n - e.k THEN -1 ELSE 0 END AS grp,
        q.f1, q."judgeScore" AS judge, CASE WHEN ${metric}::text = 'judge' THEN q."judgeScore" ELSE q.f1 END AS m,
        r."evidenceSession" IS NOT NULL AND cardinality(p."retrievedSessions") > 0 AS reported,
        ('session' || r."evidenceSession") = ANY(p."retrievedSessions") AS found
      FROM e JOIN "QuestionScore" q ON q."submissionId" = e.id AND q."scorerVersion" = ${version}
      JOIN "Prediction" p ON p."submissionId" = q."submissionId" AND p.split = q.split AND p.index = q.index
      JOIN "ReferenceQuestion" r ON r.id = p."referenceQuestionId"
    )
    SELECT qid, count(*)::int AS answered, avg(judge) AS "meanJudge", avg(f1) AS "meanF1",
      (count(*) FILTER (WHERE m >= ${RIGHT_AT}::float8))::int AS "right",
      avg(m) FILTER (WHERE grp = 1) - avg(m) FILTER (WHERE grp = -1) AS discrimination,
      (count(*) FILTER (WHERE reported))::int AS "evidenceReported",
      (count(*) FILTER (WHERE reported AND found))::int AS "evidenceFound"
    FROM x WHERE m IS NOT NULL GROUP BY qid`;
  return rows;
}

/** Per category: the share of its shown questions at least one entry solves. */
export function ceilingsOf(questions: ExplorerQuestion[]): Ceiling[] {
  return CATEGORY_CODES.map((category) => {
    const inCat = questions.filter((q) => q.category === category);
    const shown = inCat.filter((q) => q.solved !== null);
    const solved = shown.filter((q) => q.solved).length;
    return {
      category,
      questions: inCat.length,
      shown: shown.length,
      solved,
      ceiling: shown.length > 0 ? solved / shown.length : null,
    };
  });
}
