import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeMarkdown } from "@/app/(site)/entries/[id]/_components/badge-snippet";
import { db } from "@/lib/server/db";
import { badgeSchema } from "@/lib/server/exports/badge";
import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { fixtureBlob, userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";

// The README badge over real HTTP: Shields endpoint JSON whose rank and score are the board's,
// cacheable, and 404 for anything that is not an approved entry.

let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
let server: RouteServer;
let approvedId = "";
let pendingId = "";

async function scored(stamp: string): Promise<string> {
  const bytes = async (rel: string) => new Uint8Array(await fixtureBlob(rel, stamp).arrayBuffer());
  const files = {
    dyadic: { fileName: "prediction_dyadic.json", bytes: await bytes("good/prediction_dyadic.json") },
    multiparty: { fileName: "prediction_multiparty.json", bytes: await bytes("good/prediction_multiparty.json") },
  };
  const { id } = await createSubmission({
    userId: author.id,
    files,
    meta: { methodName: stamp, modality: "text" },
    enqueue: false,
  });
  expect(await scoreSubmissionPipeline(id, logger.child({ test: "badge" }))).toBe("scored");
  return id;
}

beforeAll(async () => {
  author = await userWithToken("badge-author", "SUBMITTER");
  admin = await userWithToken("badge-admin", "ADMIN");
  approvedId = await scored(`badge-a-${Date.now()}`);
  pendingId = await scored(`badge-p-${Date.now()}`);
  await approveSubmission({ submissionId: approvedId, reviewerId: admin.id });
  server = await startRouteServer();
});
afterAll(async () => {
  await server?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("GET /api/v1/entries/{id}/badge.json", () => {
  it("answers in the Shields endpoint format with the entry's rank and score on the board", async () => {
    const r = await fetch(`${server.url}/api/v1/entries/${approvedId}/badge.json`);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toMatch(/public, max-age=300/);
    const badge = badgeSchema.parse(await r.json());
    expect(badge).toMatchObject({ schemaVersion: 1, label: "H2HMem" });

    const hasJudge = (await db.score.count({ where: { submissionId: approvedId, metric: "judge" } })) > 0;
    const metric = hasJudge ? "judge" : "f1";
    const board = (await (
      await fetch(`${server.url}/api/v1/leaderboard?metric=${metric}&split=overall&aggregate=micro`)
    ).json()) as { entries: Array<{ id: string; rank: number; overall: { value: number } }> };
    const me = board.entries.find((e) => e.id === approvedId)!;
    expect(badge.message).toBe(`#${me.rank} · ${hasJudge ? "judge" : "F1"} ${me.overall.value.toFixed(3)}`);
    expect(badge.color).toMatch(/^(brightgreen|green|blue|informational)$/);

    const again = await fetch(`${server.url}/api/v1/entries/${approvedId}/badge.json`, {
      headers: { "if-none-match": r.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("the entry page's Markdown points Shields at this endpoint and links back to the entry", async () => {
    const entryUrl = `${server.url}/entries/${approvedId}`;
    const md = badgeMarkdown(entryUrl);
    const shields = new URL(/\(([^)]+)\)\]/.exec(md)![1]!);
    expect(shields.origin + shields.pathname).toBe("https://img.shields.io/endpoint");
    expect((await fetch(shields.searchParams.get("url")!)).status).toBe(200);
    expect(md).toContain(`](${entryUrl}) `);
    // Issue 49: next to the badge, the signed receipt.
    const receipt = /\(\[signed receipt\]\(([^)]+)\)\)$/.exec(md)![1]!;
    expect(receipt).toBe(`${server.url}/api/v1/entries/${approvedId}/receipt`);
  });

  it("is 404 for a pending entry and an unknown id", async () => {
    for (const id of [pendingId, "no-such-entry"]) {
      const r = await fetch(`${server.url}/api/v1/entries/${id}/badge.json`);
      expect(r.status).toBe(404);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
  });
});
