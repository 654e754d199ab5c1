import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/v1/admin/submissions/[id]/approve/route";
import * as rejectRoute from "@/app/api/v1/admin/submissions/[id]/reject/route";
import * as entryRoute from "@/app/api/v1/entries/[id]/route";
import * as csvRoute from "@/app/api/v1/leaderboard.csv/route";
import * as leaderboardRoute from "@/app/api/v1/leaderboard/route";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { leaderboardJsonSchema } from "@/lib/server/leaderboard/api-schema";
import { withdrawSubmission } from "@/lib/server/review/decide";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { ctx, fixtureBlob, req, userWithToken } from "../../support/api-helpers";
import { runH2hmem } from "../../support/run-h2hmem";
import { setEnv } from "../../support/pipeline-helpers";

// Issue 14, points 4 and 5 through the HTTP API. The attempt ledger: every scored submission of
// the account counts (private, rejected, withdrawn), refused uploads do not, and the count since
// the previous approved entry restarts at each approval. Nothing vanishes silently: a withdrawn
// or taken-down entry keeps a tombstone; only the CLI's audited purge deletes.

let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
let n = 0;

async function upload(score = true): Promise<string> {
  const stamp = `attempts-${Date.now()}-${n++}`;
  const bytes = async (rel: string) => new Uint8Array(await fixtureBlob(rel, stamp).arrayBuffer());
  const files = {
    dyadic: { fileName: "prediction_dyadic.json", bytes: await bytes("good/prediction_dyadic.json") },
    multiparty: { fileName: "prediction_multiparty.json", bytes: await bytes("good/prediction_multiparty.json") },
  };
  const { id } = await createSubmission({
    userId: author.id,
    files,
    meta: { methodName: stamp, organization: "Ledger Lab" },
    enqueue: false,
  });
  if (score) expect(await scoreSubmissionPipeline(id, logger.child({ test: "attempts" }))).toBe("scored");
  return id;
}

const post = (
  route: { POST: (r: Request, c: { params: Promise<{ id: string }> }) => Promise<Response> },
  id: string,
  body?: unknown,
) =>
  route.POST(
    req("/x", { method: "POST", token: admin.token, body: body === undefined ? undefined : JSON.stringify(body) }),
    ctx({ id }),
  );
const entry = async (id: string) => entryRoute.GET(req(`/api/v1/entries/${id}`), ctx({ id }));
const board = async (query = "") =>
  leaderboardJsonSchema.parse(await (await leaderboardRoute.GET(req(`/api/v1/leaderboard${query}`), ctx({}))).json());
const csvRows = async (query = "") => {
  const text = await (await csvRoute.GET(req(`/api/v1/leaderboard.csv${query}`), ctx({}))).text();
  const [header, ...rows] = text
    .trim()
    .split("\n")
    .map((l) => l.split(","));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
};

beforeAll(async () => {
  // Eight uploads in one test: the daily quota is not what this file tests.
  await setEnv({ DAILY_SUBMISSION_QUOTA: "0" });
  author = await userWithToken("ledger-author", "SUBMITTER");
  admin = await userWithToken("ledger-admin", "ADMIN");
});
afterAll(async () => {
  await setEnv({ DAILY_SUBMISSION_QUOTA: undefined });
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("attempt ledger", () => {
  let first: string;
  let second: string;

  it("counts every scored submission of the account at approval, itself included", async () => {
    // A refused upload never becomes a submission, so it cannot count.
    const refused = await createSubmission({
      userId: author.id,
      files: { dyadic: { fileName: "prediction_dyadic.json", bytes: new TextEncoder().encode("nope") } },
      meta: { methodName: "refused" },
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "VALIDATION_FAILED" });
    await upload(); // private, never reviewed
    const rejected = await upload();
    expect((await post(rejectRoute, rejected, { reason: "not this one" })).status).toBe(200);
    const withdrawn = await upload();
    await withdrawSubmission({ submissionId: withdrawn, userId: author.id });
    await upload(false); // uploaded but not scored: not an attempt yet
    first = await upload();
    expect((await post(approveRoute, first)).status).toBe(200);

    const detail = (await (await entry(first)).json()) as { status: string; attempts: unknown };
    expect(detail).toMatchObject({ status: "approved", attempts: { total: 4, sincePreviousEntry: 4 } });
  });

  it("restarts the count since the previous approved entry, and the board and CSV carry both", async () => {
    await upload();
    second = await upload();
    expect((await post(approveRoute, second)).status).toBe(200);
    expect(await (await entry(second)).json()).toMatchObject({ attempts: { total: 6, sincePreviousEntry: 2 } });
    // Frozen at approval: later uploads do not rewrite the first entry's ledger.
    expect(await (await entry(first)).json()).toMatchObject({ attempts: { total: 4, sincePreviousEntry: 4 } });

    const lb = await board();
    expect(lb.entries.find((e) => e.id === second)).toMatchObject({
      status: "approved",
      attempts: { total: 6, sincePreviousEntry: 2 },
    });
    const row = (await csvRows()).find((r) => r.id === second);
    expect(row).toMatchObject({ status: "approved", attemptsTotal: "6", attemptsSincePreviousEntry: "2" });
  });

  it("keeps a public tombstone when the author withdraws an approved entry (a reason is required)", async () => {
    await expect(withdrawSubmission({ submissionId: first, userId: author.id })).rejects.toMatchObject({
      name: "ZodError",
    });
    await withdrawSubmission({
      submissionId: first,
      userId: author.id,
      reason: "A bug in our retrieval code; fixed version coming",
    });

    const gone = await entry(first);
    expect(gone.status).toBe(410);
    const body = (await gone.json()) as { error: { code: string; message: string }; entry: Record<string, unknown> };
    expect(body.error.code).toBe("GONE");
    expect(body.entry).toMatchObject({
      id: first,
      status: "withdrawn",
      removedBy: "author",
      organization: "Ledger Lab",
      reason: "A bug in our retrieval code; fixed version coming",
      approvedAt: expect.any(String),
      removedAt: expect.any(String),
      createdAt: expect.any(String),
    });

    const lb = await board();
    expect(lb.entries.map((e) => e.id)).not.toContain(first);
    expect(lb.withdrawn).toEqual([]);
    const filtered = await board("?status=withdrawn");
    expect(filtered.filters.status).toBe("withdrawn");
    expect(filtered.entries).toEqual([]);
    expect(filtered.withdrawn.find((t) => t.id === first)).toMatchObject({ status: "withdrawn", removedBy: "author" });
    expect((await csvRows("?status=withdrawn")).find((r) => r.id === first)).toMatchObject({
      status: "withdrawn",
      removedBy: "author",
    });
  });

  it("an admin taking an approved entry down with reject leaves a tombstone too", async () => {
    expect((await post(rejectRoute, second, { reason: "Trained on the test questions" })).status).toBe(200);
    const gone = await entry(second);
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { entry: unknown }).entry).toMatchObject({
      status: "withdrawn",
      removedBy: "admin",
      reason: "Trained on the test questions",
    });
    expect((await board("?status=withdrawn")).withdrawn.map((t) => t.id)).toEqual(
      expect.arrayContaining([first, second]),
    );
  });

  it("hard deletion only through the CLI, confirmed and audited", async () => {
    expect((await runH2hmem("submission", "purge", first, "--reason", "GDPR request #4711")).code).toBe(2); // no --yes
    expect((await runH2hmem("submission", "purge", first, "--reason", "short", "--yes")).code).toBe(1);
    const ok = await runH2hmem("submission", "purge", first, "--reason", "GDPR request #4711 from the author", "--yes");
    expect(ok.code, ok.stderr).toBe(0);
    expect(await db.submission.findUnique({ where: { id: first } })).toBeNull();
    const event = await db.auditEvent.findFirstOrThrow({ where: { targetId: first, action: "submission.purge" } });
    expect(event.actorId).toBeNull();
    expect(event.details).toMatchObject({
      reason: "GDPR request #4711 from the author",
      via: "cli",
      reviewState: "WITHDRAWN",
      organization: "Ledger Lab",
    });
    expect((await entry(first)).status).toBe(404);
  });
});
