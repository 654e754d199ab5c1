// Issue 48: predictions with retrieved_sessions uploaded over real HTTP (route handlers, Postgres,
// Redis), scored by the pipeline with the (fake) judge, approved, and read back from the public API:
// the evidence report equals, number for number, what `h2hmem score --judge-scores` computes from
// the same files. An entry without retrieved sessions reports none (null, never 0), and bad values
// are refused with located errors.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getQueue } from "@/lib/server/queue";
import { approveSubmission } from "@/lib/server/review/decide";
import { evidenceRecallAt5, type EvidenceReport } from "@/lib/scoring";
import { startFakeJudgeServer, type FakeJudgeServer } from "@/scripts/dev/fake-judge-server";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { restoreActiveKey, setEnv, useSyntheticKey } from "../../support/pipeline-helpers";
import { runH2hmem } from "../../support/run-h2hmem";

const log = logger.child({ test: "evidence" });
log.level = "warn";
let server: RouteServer;
let judge: FakeJudgeServer;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
const tmp = mkdtempSync(path.join(os.tmpdir(), "h2hmem-evidence-"));

function upload(name: string, dyadic: Uint8Array | string, multi: Uint8Array | string): Promise<Response> {
  const form = new FormData();
  form.set("methodName", `evidence ${name} ${Date.now()}`);
  // Public files: the entry serves its judge scores, which the CLI run below takes.
  form.set("publicPredictions", "true");
  form.set("dyadic", new Blob([Buffer.from(dyadic)]), "prediction_dyadic.json");
  form.set("multiparty", new Blob([Buffer.from(multi)]), "prediction_multiparty.json");
  return fetch(`${server.url}/api/v1/submissions`, {
    method: "POST",
    headers: { authorization: `Bearer ${author.token}` },
    body: form,
  });
}

async function scoredAndApproved(res: Response): Promise<string> {
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  expect(await scoreSubmissionPipeline(id, log)).toBe("scored");
  await approveSubmission({ submissionId: id, reviewerId: admin.id });
  return id;
}

beforeAll(async () => {
  judge = await startFakeJudgeServer();
  await setEnv({
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-evidence-${process.pid}`,
    JUDGE_BASE_URL: judge.baseURL,
    JUDGE_API_KEY: "fake",
  });
  key = await useSyntheticKey({ dyadic: 40, multiParty: 14 }, 4801);
  [author, admin] = await Promise.all([
    userWithToken("evidence-author", "SUBMITTER"),
    userWithToken("evidence-admin", "ADMIN"),
  ]);
  server = await startRouteServer();
});
afterAll(async () => {
  await server?.close();
  await judge?.close();
  await getQueue("scoring").obliterate({ force: true });
  await restoreActiveKey();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
  await setEnv({ JUDGE_BASE_URL: undefined, JUDGE_API_KEY: undefined });
});

describe("retrieved evidence end to end", () => {
  it("stores the gold evidence of the key, scores the upload, and serves the CLI's numbers bit for bit", async () => {
    // The synthetic key names one session per question in answer_session: all usable.
    const gold = await db.referenceQuestion.count({
      where: { version: { active: true }, evidenceSession: { not: null } },
    });
    expect(gold).toBe(54);

    // One key question left unanswered: a miss scoring 0, on the server as in the CLI.
    const full = JSON.parse(
      Buffer.from(syntheticPredictions(key.questions, "dyadic", { quality: 0.6, seed: 11, retrieve: true })).toString(),
    ) as { predictions: unknown[] };
    const dyadic = JSON.stringify({ predictions: full.predictions.slice(1) });
    const multi = syntheticPredictions(key.questions, "multi-party", { quality: 0.3, seed: 12, retrieve: true });
    const id = await scoredAndApproved(await upload("with", dyadic, multi));
    const stored = await db.prediction.findFirstOrThrow({ where: { submissionId: id, split: "dyadic", index: 0 } });
    expect(stored.retrievedSessions).toEqual(
      JSON.parse(Buffer.from(dyadic).toString()).predictions[0].retrieved_sessions,
    );

    const entry = (await (await fetch(`${server.url}/api/v1/entries/${id}`)).json()) as {
      scorerVersion: string;
      evidence: EvidenceReport;
    };
    expect(entry.scorerVersion).toContain("+judge=");
    const all = entry.evidence.groups.find((g) => g.split === "overall" && g.scope === "ALL")!;
    // demoRetrieval: the gold session first for 3 in 5 questions, third for 1 in 5, missed otherwise.
    expect(all.n).toBe(54);
    expect(all.recallAt1.value).toBeGreaterThan(0.4);
    expect(all.recallAt3.value!).toBeGreaterThan(all.recallAt1.value!);
    expect(all.recallAtAll.value).toBe(all.recallAt5.value);
    expect(all.judgeWhenRetrieved.n + all.judgeWhenMissed.n).toBe(54);
    expect(all.wrong).toBe(all.wrongMissedEvidence.n);

    // The CLI on the same files, the key folder and the entry's public judge scores.
    const judgeFile = path.join(tmp, "judge.json");
    writeFileSync(judgeFile, await (await fetch(`${server.url}/api/v1/entries/${id}/judge-scores`)).text());
    writeFileSync(path.join(tmp, "prediction_dyadic.json"), dyadic);
    writeFileSync(path.join(tmp, "prediction_multiparty.json"), multi);
    const cli = await runH2hmem(
      "score",
      "--json",
      ...["--dyadic", path.join(tmp, "prediction_dyadic.json")],
      ...["--multiparty", path.join(tmp, "prediction_multiparty.json")],
      ...["--answer-key", key.dir, "--judge-scores", judgeFile],
    );
    expect(cli.code, cli.stderr).toBe(0);
    expect((JSON.parse(cli.stdout) as { evidence: EvidenceReport }).evidence).toEqual(entry.evidence);

    // The board carries it too (all categories of the split), for the recall@5 column.
    const board = (await (await fetch(`${server.url}/api/v1/leaderboard?metric=judge`)).json()) as {
      entries: Array<{ id: string; evidence: { recallAt5: { value: number } } | null }>;
    };
    expect(board.entries.find((e) => e.id === id)?.evidence?.recallAt5.value).toBe(evidenceRecallAt5(entry.evidence));
  });

  it("reports no evidence (null, never 0) for an upload without retrieved sessions", async () => {
    const id = await scoredAndApproved(
      await upload(
        "without",
        syntheticPredictions(key.questions, "dyadic", { quality: 0.5, seed: 21 }),
        syntheticPredictions(key.questions, "multi-party", { quality: 0.5, seed: 22 }),
      ),
    );
    const entry = (await (await fetch(`${server.url}/api/v1/entries/${id}`)).json()) as { evidence: unknown };
    expect(entry.evidence).toBeNull();
    expect(await db.evidenceReport.count({ where: { submissionId: id } })).toBe(0);
    const csv = await (await fetch(`${server.url}/api/v1/leaderboard.csv?metric=judge`)).text();
    const [head, ...rows] = csv.trim().split("\n");
    const col = head!.split(",").indexOf("recallAt5");
    expect(col).toBeGreaterThan(0);
    expect(rows.find((r) => r.includes(id))!.split(",")[col]).toBe("");
  });

  it("refuses bad retrieved_sessions over HTTP, each value with its JSON path", async () => {
    const items = JSON.parse(Buffer.from(syntheticPredictions(key.questions, "dyadic", { seed: 31 })).toString()) as {
      predictions: Array<Record<string, unknown>>;
    };
    items.predictions[0]!.retrieved_sessions = "session1";
    items.predictions[1]!.retrieved_sessions = ["session1", "S1-2", "session1"];
    items.predictions[2]!.retrieved_sessions = Array.from({ length: 65 }, (_, i) => `session${i + 1}`);
    const r = await upload(
      "bad",
      JSON.stringify(items),
      syntheticPredictions(key.questions, "multi-party", { seed: 32, retrieve: true }),
    );
    expect(r.status).toBe(422);
    const body = (await r.json()) as { error: { details: Array<{ code: string; path: string; file: string }> } };
    expect(body.error.details.map((d) => `${d.code} ${d.file}${d.path}`)).toEqual([
      "SESSIONS_NOT_ARRAY prediction_dyadic.json/predictions/0/retrieved_sessions",
      "BAD_SESSION_NAME prediction_dyadic.json/predictions/1/retrieved_sessions/1",
      "DUPLICATE_SESSION prediction_dyadic.json/predictions/1/retrieved_sessions/2",
      "TOO_MANY_SESSIONS prediction_dyadic.json/predictions/2/retrieved_sessions",
    ]);
  });
});
