// createSubmission against bad (and tricky but valid) uploads. Every rejected upload must leave
// the database untouched and report each problem with file, JSON path and message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "@/lib/scoring";
import { db } from "@/lib/server/db";
import type { AppError } from "@/lib/server/errors";
import { getQueue } from "@/lib/server/queue";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import {
  freshUser,
  setEnv,
  storedCounts,
  uploaded,
  useSyntheticKey,
  restoreActiveKey,
} from "../../support/pipeline-helpers";

let key: Awaited<ReturnType<typeof useSyntheticKey>>;
let good: { dyadic: string; multi: string };
const enc = new TextEncoder();

type Item = Record<string, unknown>;
const items = (json: string) => (JSON.parse(json) as { predictions: Item[] }).predictions;
const withItems = (list: unknown[]) => JSON.stringify({ predictions: list });
const editFirst = (json: string, patch: (i: Item) => unknown) =>
  withItems([patch(items(json)[0]), ...items(json).slice(1)]);

beforeAll(async () => {
  await setEnv({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-bad-${process.pid}` });
  key = await useSyntheticKey({ dyadic: 40, multiParty: 12 }, 202);
  const dec = new TextDecoder();
  good = {
    dyadic: dec.decode(syntheticPredictions(key.questions, "dyadic")),
    multi: dec.decode(syntheticPredictions(key.questions, "multi-party")),
  };
});

afterAll(async () => {
  await restoreActiveKey();
  await getQueue("scoring").obliterate({ force: true });
  await setEnv({});
});

type Files = { dyadic?: Uint8Array | string; multiparty?: Uint8Array | string };
type Case = {
  name: string;
  files: () => Files;
  meta?: Record<string, unknown>;
  env?: Record<string, string>;
  code: AppError["code"];
  detail: { file?: string; path?: string; message: RegExp };
};

const invalidUtf8 = () => {
  const bytes = enc.encode(good.dyadic);
  const out = new Uint8Array(bytes.length + 1);
  const at = good.dyadic.indexOf("system_answer") + 20;
  out.set(bytes.subarray(0, at));
  out[at] = 0xff;
  out.set(bytes.subarray(at), at + 1);
  return out;
};

const CASES: Case[] = [
  {
    name: "non-JSON",
    files: () => ({ dyadic: "this is not json", multiparty: good.multi }),
    code: "VALIDATION_FAILED",
    detail: { file: "prediction_dyadic.json", message: /JSON/ },
  },
  {
    name: "truncated JSON",
    files: () => ({ dyadic: good.dyadic.slice(0, Math.floor(good.dyadic.length / 2)), multiparty: good.multi }),
    code: "VALIDATION_FAILED",
    detail: { file: "prediction_dyadic.json", message: /end|truncat|unexpected/i },
  },
  {
    name: "multi-party file missing",
    files: () => ({ dyadic: good.dyadic }),
    code: "VALIDATION_FAILED",
    detail: { file: "prediction_multiparty.json", message: /missing/ },
  },
  {
    name: "dyadic file missing",
    files: () => ({ multiparty: good.multi }),
    code: "VALIDATION_FAILED",
    detail: { file: "prediction_dyadic.json", message: /missing/ },
  },
  {
    name: "swapped files",
    files: () => ({ dyadic: good.multi, multiparty: good.dyadic }),
    code: "VALIDATION_FAILED",
    detail: { file: "prediction_dyadic.json", message: /swapped/ },
  },
  {
    name: "oversized file",
    env: { UPLOAD_MAX_BYTES: "2048" },
    files: () => ({ dyadic: good.dyadic, multiparty: good.multi }),
    code: "PAYLOAD_TOO_LARGE",
    detail: { file: "prediction_dyadic.json", message: /limit is 2048/ },
  },
  {
    name: "too many predictions",
    env: { UPLOAD_MAX_PREDICTIONS: "10" },
    files: () => ({ dyadic: good.dyadic, multiparty: good.multi }),
    code: "VALIDATION_FAILED",
    detail: { path: "/predictions", message: /limit is 10/ },
  },
  {
    name: "nested value",
    files: () => ({
      dyadic: editFirst(good.dyadic, (i) => ({ ...i, system_answer: { text: "x" } })),
      multiparty: good.multi,
    }),
    code: "VALIDATION_FAILED",
    detail: { path: "/predictions/0/system_answer", message: /must be a string, got an object/ },
  },
  {
    name: "deeply nested root",
    files: () => ({ dyadic: "[".repeat(5000) + "]".repeat(5000), multiparty: good.multi }),
    code: "VALIDATION_FAILED",
    detail: { file: "prediction_dyadic.json", message: /nest|deep/i },
  },
  {
    name: "non-string field",
    files: () => ({ dyadic: editFirst(good.dyadic, (i) => ({ ...i, category: 5 })), multiparty: good.multi }),
    code: "VALIDATION_FAILED",
    detail: { path: "/predictions/0/category", message: /must be a string, got a number/ },
  },
  {
    name: "null byte",
    files: () => ({
      dyadic: editFirst(good.dyadic, (i) => ({ ...i, system_answer: "a\u0000b" })),
      multiparty: good.multi,
    }),
    code: "VALIDATION_FAILED",
    detail: { path: "/predictions/0/system_answer", message: /null/ },
  },
  {
    name: "invalid UTF-8",
    files: () => ({ dyadic: invalidUtf8(), multiparty: good.multi }),
    code: "VALIDATION_FAILED",
    detail: { file: "prediction_dyadic.json", message: /UTF-8/ },
  },
  {
    name: "unknown category",
    files: () => ({
      dyadic: editFirst(good.dyadic, (i) => ({ ...i, category: "Made-up Reasoning" })),
      multiparty: good.multi,
    }),
    code: "VALIDATION_FAILED",
    detail: { path: "/predictions/0/category", message: /Unknown category/ },
  },
  {
    name: "5,000-char method name",
    meta: { methodName: "m".repeat(5000) },
    files: () => ({ dyadic: good.dyadic, multiparty: good.multi }),
    code: "VALIDATION_FAILED",
    detail: { path: "methodName", message: /at most 200/ },
  },
  {
    name: "empty method name",
    meta: { methodName: "   " },
    files: () => ({ dyadic: good.dyadic, multiparty: good.multi }),
    code: "VALIDATION_FAILED",
    detail: { path: "methodName", message: /required/ },
  },
  {
    name: "javascript: paper URL",
    meta: { methodName: "ok", paperUrl: "javascript:alert(1)" },
    files: () => ({ dyadic: good.dyadic, multiparty: good.multi }),
    code: "VALIDATION_FAILED",
    detail: { path: "paperUrl", message: /http/ },
  },
];

describe("createSubmission rejects bad uploads and stores nothing", () => {
  for (const c of CASES) {
    it(c.name, async () => {
      if (c.env) await setEnv(c.env);
      try {
        const user = await freshUser();
        const f = c.files();
        const files = uploaded(f.dyadic ?? "", f.multiparty ?? "");
        const before = await storedCounts();
        const err = await createSubmission({
          userId: user.id,
          files: {
            dyadic: f.dyadic === undefined ? undefined : files.dyadic,
            multiparty: f.multiparty === undefined ? undefined : files.multiparty,
          },
          meta: (c.meta ?? { methodName: "bad input" }) as { methodName: string },
        }).then(
          () => null,
          (e: unknown) => e as AppError,
        );
        expect(err, "expected an error").not.toBeNull();
        expect(err!.code).toBe(c.code);
        expect(err!.details.length).toBeGreaterThan(0);
        const match = err!.details.find(
          (d) =>
            c.detail.message.test(d.message) &&
            (c.detail.file === undefined || d.file === c.detail.file) &&
            (c.detail.path === undefined || d.path === c.detail.path),
        );
        expect(match, JSON.stringify(err!.details.slice(0, 5))).toBeDefined();
        expect(await storedCounts()).toEqual(before);
      } finally {
        if (c.env) await setEnv(Object.fromEntries(Object.keys(c.env).map((k) => [k, undefined])));
      }
    });
  }

  it("reports the problems of both files and the method card at once", async () => {
    const user = await freshUser();
    const err = (await createSubmission({
      userId: user.id,
      files: uploaded("nope", withItems([{ question_text: 1 }])),
      meta: { methodName: "" },
    }).catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe("VALIDATION_FAILED");
    const where = err.details.map((d) => `${d.file}|${d.path}`);
    expect(where).toContain("|methodName");
    expect(where.some((w) => w.startsWith("prediction_dyadic.json|"))).toBe(true);
    expect(where).toContain("prediction_multiparty.json|/predictions/0/question_text");
    expect(where).toContain("prediction_multiparty.json|/predictions/0/system_answer");
  });
});

describe("createSubmission accepts tricky but valid uploads", () => {
  it("accepts a UTF-8 BOM", async () => {
    const user = await freshUser();
    const res = await createSubmission({
      userId: user.id,
      files: uploaded("\uFEFF" + good.dyadic, good.multi),
      meta: { methodName: "bom" },
      enqueue: false,
    });
    expect(res.status).toBe("QUEUED");
    expect(await db.prediction.count({ where: { submissionId: res.id } })).toBe(52);
  });

  it("stores HTML in the method name verbatim and keeps the raw bytes", async () => {
    const user = await freshUser();
    const methodName = `<script>alert("x")</script> & <b>Memo</b>`;
    const res = await createSubmission({
      userId: user.id,
      files: uploaded(good.dyadic, good.multi),
      meta: { methodName },
      enqueue: false,
    });
    const row = await db.submission.findUniqueOrThrow({ where: { id: res.id }, include: { files: true } });
    expect(row.methodName).toBe(methodName);
    const dyadic = row.files.find((f) => f.split === "dyadic")!;
    expect(new TextDecoder().decode(dyadic.content)).toBe(good.dyadic);
  });

  it("warns about duplicated questions and unmatched predictions without rejecting", async () => {
    const user = await freshUser();
    const list = items(good.dyadic);
    const extra = {
      question_text: "A question that is not in the key?",
      question_image: "",
      system_answer: "x",
      original_answer: "y",
      category: CATEGORIES.UPR.name,
    };
    const res = await createSubmission({
      userId: user.id,
      files: uploaded(withItems([...list, list[0], extra]), good.multi),
      meta: { methodName: "dupes" },
      enqueue: false,
    });
    const codes = res.warnings.map((w) => w.code);
    expect(codes).toContain("DUPLICATE_QUESTION");
    expect(codes).toContain("UNMATCHED_PREDICTION");
    const stored = await db.submission.findUniqueOrThrow({ where: { id: res.id } });
    expect((stored.warnings as Array<{ code: string }>).map((w) => w.code)).toEqual(codes);
  });

  it("accepts the template's alias spelling of categories", async () => {
    const user = await freshUser();
    const aliased = withItems(
      items(good.dyadic).map((i) =>
        i.category === CATEGORIES.MCR.name ? { ...i, category: "Multimodal Casual Reasoning" } : i,
      ),
    );
    const res = await createSubmission({
      userId: user.id,
      files: uploaded(aliased, good.multi),
      meta: { methodName: "alias" },
      enqueue: false,
    });
    expect(await db.prediction.count({ where: { submissionId: res.id, category: "MCR" } })).toBeGreaterThan(0);
  });
});
