// Issue 50 point 3 end to end, over real HTTP, Postgres and Redis: a signed-in author reports a gold answer
// (and another its duplicate), an admin merges and accepts through the API (audited, the reporter mailed through
// the outbox), the operator exports the errata, applies them to the dataset and imports it with the real CLI:
// the new key goes through the usual pin, re-score and preview, where the corrected question is listed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { loadAnswerKeyDir } from "@/lib/server/answer-key/dataset-folder";
import { keyChangesOfVersions } from "@/lib/server/operations/errata";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";
import { reconcileOnce } from "@/workers/reconciler";
import { userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { ROOT, setEnv, waitForStatus } from "../../support/pipeline-helpers";
import { approvedEntries, withJudgeRollout } from "../../support/rollout-helpers";
import { startSmtpCapture, type SmtpCapture } from "../../support/smtp-capture";

const h = withJudgeRollout("errata", { dyadic: 20, multiParty: 5 }, 612);
let server: RouteServer;
let smtp: SmtpCapture;

const h2hmem = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(ROOT, "bin/h2hmem.mjs"), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", JUDGE_BASE_URL: "" },
    encoding: "utf8",
    timeout: 180_000,
  });

beforeAll(async () => {
  smtp = await startSmtpCapture();
  await setEnv({ AUTH_URL: "https://lb.example", SMTP_URL: smtp.url, MAIL_FROM: "leaderboard@h2hmem.test" });
  server = await startRouteServer();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await setEnv({ AUTH_URL: undefined, SMTP_URL: undefined, MAIL_FROM: undefined });
});

async function call(method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe("the gold-errata loop", () => {
  it("report, accept, export, apply, import as a new key; the preview lists the corrected question", async () => {
    await approvedEntries(h, [0.8, 0.5, 0.3], 71);
    const q = h.key.questions[0]!;
    const reporter = await userWithToken("errata-reporter", "SUBMITTER");
    const other = await userWithToken("errata-other", "SUBMITTER", ["read"]);
    const admin = await userWithToken("errata-admin", "ADMIN");
    const reports = `/api/v1/questions/${q.qid}/reports`;

    // The explorer lists the key's questions with the 3 entries' numbers.
    const list = await call("GET", "/api/v1/questions?perPage=500");
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(h.key.questions.length);
    expect(list.body.questions.find((x: { id: string }) => x.id === q.qid)).toMatchObject({
      answered: 3,
      text: q.questionText,
    });

    // Reports need a token with the submit scope and clean text.
    expect((await call("POST", reports, undefined, {})).status).toBe(401);
    expect(
      (await call("POST", reports, other.token, { kind: "wrong", proposedAnswer: "x", reason: "why" })).status,
    ).toBe(403);
    const bad = await call("POST", reports, reporter.token, {
      kind: "wrong",
      proposedAnswer: "a\u0007b",
      reason: "ok",
    });
    expect(bad.status).toBe(422);
    const first = await call("POST", reports, reporter.token, {
      kind: "wrong",
      proposedAnswer: "The corrected answer",
      reason: "Session 0 says otherwise.\nSee turn 3.",
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ qid: q.qid, state: "pending", goldAnswer: q.answer, kind: "wrong" });
    const dup = await call("POST", reports, reporter.token, {
      kind: "ambiguous",
      proposedAnswer: "Same",
      reason: "Same issue",
    });
    expect(dup.status).toBe(201);

    // Public, without who reported.
    const pub = await call("GET", reports);
    expect(pub.body.reports.map((r: { id: string; state: string }) => [r.id, r.state])).toEqual([
      [first.body.id, "pending"],
      [dup.body.id, "pending"],
    ]);
    expect(JSON.stringify(pub.body)).not.toContain(reporter.id);

    // Triage: merge the duplicate, accept the first; only admins, only once, audited, the reporter mailed.
    const decide = (id: string, body: unknown, token = admin.token) =>
      call("POST", `/api/v1/admin/gold-reports/${id}`, token, body);
    expect((await decide(first.body.id, { action: "accept" }, reporter.token)).status).toBe(403);
    expect((await decide(dup.body.id, { action: "merge", duplicateOf: dup.body.id })).status).toBe(400);
    expect((await decide(dup.body.id, { action: "merge", duplicateOf: first.body.id })).body).toMatchObject({
      state: "duplicate",
      duplicateOf: first.body.id,
    });
    expect((await decide(first.body.id, { action: "accept" })).body).toMatchObject({
      state: "accepted",
      correctedAnswer: "The corrected answer",
    });
    expect((await decide(first.body.id, { action: "reject", reason: "changed my mind" })).status).toBe(409);
    expect(
      await db.auditEvent.count({ where: { targetId: { in: [first.body.id, dup.body.id] }, actorId: admin.id } }),
    ).toBe(2);
    const mails = smtp.messages.filter((m) => m.to.includes(reporter.email));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `[H2HMem] Your report on question ${q.qid} was accepted`,
      `[H2HMem] Your report on question ${q.qid} was merged with an earlier one`,
    ]);

    // Export, review, apply to a copy of the dataset, import: the usual new-key path.
    const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-errata-test-"));
    const errataFile = path.join(dir, "errata.json");
    const exported = h2hmem("answer-key", "errata", "export", "--out", errataFile);
    expect(exported.status, exported.stderr).toBe(0);
    const errata = JSON.parse(readFileSync(errataFile, "utf8")) as { corrections: Array<Record<string, unknown>> };
    expect(errata.corrections).toEqual([
      expect.objectContaining({ qid: q.qid, goldAnswer: q.answer, correctedAnswer: "The corrected answer" }),
    ]);
    const corrected = path.join(dir, "dataset");
    const applied = h2hmem("answer-key", "errata", "apply", errataFile, h.key.dir, "--out", corrected);
    expect(applied.status, applied.stderr).toBe(0);
    const keyB = loadAnswerKeyDir(corrected);
    expect(keyB.questions.find((x) => x.qid === q.qid)?.answer).toBe("The corrected answer");
    expect(keyB.questions.filter((x, i) => x.answer !== h.key.questions[i]!.answer)).toHaveLength(1);

    const va = await currentScorerVersion();
    const imported = h2hmem("answer-key", "import", corrected, "--label", "errata 1");
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`stays on scorer version ${va} (pinned)`);
    const vb = await currentScorerVersion();
    expect(vb).not.toBe(va);
    expect(await publishedScorerVersion()).toBe(va);
    await reconcileOnce(h.log);
    for (const s of await db.submission.findMany({ where: { reviewState: "APPROVED" }, select: { id: true } }))
      expect((await waitForStatus(s.id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");

    // Beside the rank-diff preview: the corrected question with its accepted report.
    expect(await keyChangesOfVersions(va, vb)).toEqual([
      { qid: q.qid, before: q.answer, after: "The corrected answer", reports: [first.body.id] },
    ]);
    // Nothing left to export against the new key.
    const again = path.join(dir, "again.json");
    expect(h2hmem("answer-key", "errata", "export", "--out", again).status).toBe(0);
    expect(JSON.parse(readFileSync(again, "utf8")).corrections).toEqual([]);
  });
});
