// The upload validation pool runs the production bundle (built here by the build's own function,
// as dist/server/upload-validation.mjs is) and gives the same result as validateUpload on the
// calling thread; the answer key is sent once per thread and version; a crashed thread fails
// only its own upload.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAnswerKeyDir } from "@/lib/server/answer-key/dataset-folder";
import type { ActiveAnswerKey } from "@/lib/server/answer-key/store";
import { validateUpload, type UploadFiles } from "@/lib/server/submissions/validate-upload";
import { ValidationPool } from "@/lib/server/submissions/validation-pool";
import { buildValidationThread } from "../../../../scripts/build/bundles.mjs";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const LIMITS = { maxBytes: 20 * 2 ** 20, maxItems: 20000, maxAnswerChars: 8000 };
const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-validation-pool-"));
const bundle = path.join(dir, "upload-validation.mjs");

/** The folder's dyadic file with good/'s multi-party file (the other folders have only a dyadic one). */
function files(folder: string): UploadFiles {
  const read = (dir: string, name: string) => ({ fileName: name, bytes: new Uint8Array(readFileSync(path.join(ROOT, "tests/fixtures/predictions", dir, name))) });
  return { dyadic: read(folder, "prediction_dyadic.json"), multiparty: read("good", "prediction_multiparty.json") };
}

function activeKey(versionId: string): ActiveAnswerKey {
  const { questions } = loadAnswerKeyDir(path.join(ROOT, "prisma/seed-data/dataset"));
  return { versionId, contentSha256: "unused", questions, rowIdByQid: new Map() };
}

beforeAll(async () => {
  await buildValidationThread(bundle);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("ValidationPool with the bundled thread", () => {
  it("validates and matches as validateUpload does, holding the key across uploads of one version", async () => {
    const pool = new ValidationPool(1, async () => ({ file: bundle }));
    try {
      const key = activeKey("v1");
      for (const folder of ["good", "with-warnings", "errors"]) {
        const upload = files(folder);
        // The second and third uploads reach the one thread without the questions: it kept them.
        expect(await pool.validate(upload, key, LIMITS)).toEqual(validateUpload(upload, key, LIMITS));
      }
      const other = activeKey("v2");
      expect(await pool.validate(files("good"), other, LIMITS)).toEqual(validateUpload(files("good"), other, LIMITS));
      expect(await pool.validate(files("good"), null, LIMITS)).toEqual(validateUpload(files("good"), null, LIMITS));
      expect(pool.stats()).toEqual({ threads: 1, busy: 0, queued: 0 });
    } finally {
      await pool.close();
    }
  });

  it("queues uploads beyond its threads and answers every one", async () => {
    const pool = new ValidationPool(2, async () => ({ file: bundle }));
    try {
      const pending = Array.from({ length: 5 }, () => pool.validate(files("good"), null, LIMITS));
      expect(pool.stats().queued + pool.stats().busy).toBe(5);
      const results = await Promise.all(pending);
      expect(results.every((r) => r.errors.length === 0 && r.splits.length === 2)).toBe(true);
      expect(pool.stats()).toEqual({ threads: 2, busy: 0, queued: 0 });
    } finally {
      await pool.close();
    }
  });

  it("a thread that dies fails its upload only; the next upload gets a new thread", async () => {
    // The first thread of this script dies on its task (as on out of memory); later ones validate.
    const script = path.join(dir, "dies-once.mjs");
    const marker = path.join(dir, "died");
    writeFileSync(script, [
      'import { existsSync, writeFileSync } from "node:fs";',
      'import { parentPort } from "node:worker_threads";',
      `if (!existsSync(${JSON.stringify(marker)})) { writeFileSync(${JSON.stringify(marker)}, ""); parentPort.on("message", () => process.exit(7)); }`,
      `else await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
    ].join("\n"));
    const pool = new ValidationPool(1, async () => ({ file: script }));
    try {
      await expect(pool.validate(files("good"), null, LIMITS)).rejects.toThrow(/exited \(code 7\)/);
      expect(pool.stats().threads).toBe(0);
      const next = await pool.validate(files("good"), null, LIMITS);
      expect(next.errors).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it("reads a multipart body in a thread: fields in order, files byte for byte; null when malformed", async () => {
    const pool = new ValidationPool(1, async () => ({ file: bundle }));
    try {
      const { dyadic } = files("good");
      const form = new FormData();
      form.set("methodName", "threaded parse");
      form.set("dyadic", new Blob([dyadic!.bytes as Uint8Array<ArrayBuffer>]), "prediction_dyadic.json");
      const encoded = new Request("http://encode.test", { method: "POST", body: form });
      const type = encoded.headers.get("content-type")!;
      const entries = await pool.parseMultipart(new Uint8Array(await encoded.arrayBuffer()), type);
      expect(entries).toEqual([
        { name: "methodName", value: "threaded parse" },
        { name: "dyadic", fileName: "prediction_dyadic.json", bytes: dyadic!.bytes },
      ]);
      expect(await pool.parseMultipart(new TextEncoder().encode("--x\r\nnot a part"), "multipart/form-data; boundary=x")).toBeNull();
    } finally {
      await pool.close();
    }
  });
});
