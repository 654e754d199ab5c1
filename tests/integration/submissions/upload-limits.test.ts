import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as submissionsRoute from "@/app/api/v1/submissions/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { ctx, fixtureBlob, req, userWithToken } from "../../support/api-helpers";

// Through HTTP API v1: an empty prediction file is an error (NO_PREDICTIONS), both splits stay
// required, and an answer over UPLOAD_MAX_ANSWER_CHARS (default 8,000) is ANSWER_TOO_LONG with
// its JSON path. Nothing is stored for a rejected upload.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let author: Awaited<ReturnType<typeof userWithToken>>;
const stamp = `limits-${Date.now()}`;

beforeAll(async () => {
  author = await userWithToken("limits", "SUBMITTER");
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: author?.id } });
});

const good = (split: "dyadic" | "multiparty", tag: string) =>
  fixtureBlob(`good/prediction_${split}.json`, `${stamp}-${tag}`);
const blob = (value: unknown) => new Blob([JSON.stringify(value)], { type: "application/json" });

/** The good dyadic fixture with answer `index` replaced. */
async function withAnswer(index: number, answer: string): Promise<Blob> {
  const json = JSON.parse(await good("dyadic", `a${answer.length}`).text()) as {
    predictions: Array<{ system_answer: string }>;
  };
  json.predictions[index]!.system_answer = answer;
  return blob(json);
}

async function upload(files: { dyadic?: Blob; multiparty?: Blob }): Promise<{ status: number; error: Json }> {
  const form = new FormData();
  form.set("methodName", `limits ${stamp}`);
  if (files.dyadic) form.set("dyadic", files.dyadic, "prediction_dyadic.json");
  if (files.multiparty) form.set("multiparty", files.multiparty, "prediction_multiparty.json");
  const r = await submissionsRoute.POST(
    req("/api/v1/submissions", { method: "POST", body: form, token: author.token }),
    ctx({}),
  );
  return { status: r.status, error: ((await r.json()) as Json).error };
}

describe("upload limits through API v1", () => {
  it('rejects {"predictions": []} with NO_PREDICTIONS, an error naming the file', async () => {
    const r = await upload({ dyadic: blob({ predictions: [] }), multiparty: good("multiparty", "empty") });
    expect(r.status).toBe(422);
    expect(r.error.code).toBe("VALIDATION_FAILED");
    expect(r.error.details).toEqual([
      expect.objectContaining({ code: "NO_PREDICTIONS", file: "prediction_dyadic.json", path: "/predictions" }),
    ]);
    // Both splits stay required: an empty file does not stand in for a missing one either.
    const missing = await upload({ dyadic: blob({ predictions: [] }) });
    expect(missing.error.details.map((d: Json) => d.code).sort()).toEqual(["MISSING_FILE", "NO_PREDICTIONS"]);
    expect(await db.submission.count({ where: { userId: author.id } })).toBe(0);
  });

  it("rejects an answer over 8,000 characters with ANSWER_TOO_LONG and its JSON path", async () => {
    const ok = await upload({ dyadic: await withAnswer(2, "z".repeat(8_000)), multiparty: good("multiparty", "8000") });
    expect(ok.status).toBe(202);
    const r = await upload({ dyadic: await withAnswer(2, "z".repeat(8_001)), multiparty: good("multiparty", "8001") });
    expect(r.status).toBe(422);
    expect(r.error.details).toEqual([
      expect.objectContaining({
        code: "ANSWER_TOO_LONG",
        file: "prediction_dyadic.json",
        path: "/predictions/2/system_answer",
        message: expect.stringContaining("the limit is 8,000"),
      }),
    ]);
  });

  it("follows UPLOAD_MAX_ANSWER_CHARS", async () => {
    process.env.UPLOAD_MAX_ANSWER_CHARS = "150";
    resetEnvCache();
    try {
      const r = await upload({ dyadic: await withAnswer(0, "y".repeat(151)), multiparty: good("multiparty", "151") });
      expect(r.status).toBe(422);
      expect(r.error.details).toEqual([
        expect.objectContaining({
          code: "ANSWER_TOO_LONG",
          path: "/predictions/0/system_answer",
          message: expect.stringContaining("the limit is 150"),
        }),
      ]);
    } finally {
      delete process.env.UPLOAD_MAX_ANSWER_CHARS;
      resetEnvCache();
    }
  });
});
