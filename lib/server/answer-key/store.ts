import "server-only";
import { loadAnswerKeyDir } from "@/lib/server/answer-key/dataset-folder";
import type { ReferenceQuestion, ValidationIssue } from "@/lib/scoring";
import type { Split } from "@/lib/scoring/types";
import { db } from "../db";
import { AppError } from "../errors";
import { forgetPublishedVersion } from "../versions/published-version";
import { activateAnswerKey, type ActivationResult } from "./activate";
import { forgetDemoVisibility } from "./demo";

// The answer key is the official dataset folder: <dir>/<split>/dialogue<N>/scenes/session<M>/questions.json
// (read by lib/server/answer-key/dataset-folder). Imports are idempotent by content sha-256 and the imported (or
// re-found) version becomes the active one; a change of the active key pins the public board and
// queues re-scores (./activate.ts), so the new key goes public only when an admin publishes it.

export type ImportResult = { versionId: string; created: boolean; questionCount: number; fileCount: number; warnings: ValidationIssue[]; activation: ActivationResult | null };

/** `activate: false` stores the version without making it active (activation is then null). */
export async function importAnswerKey(dir: string, label?: string, opts: { activate?: boolean } = {}): Promise<ImportResult> {
  const key = loadAnswerKeyDir(dir);
  if (key.files.length === 0) {
    throw new AppError("BAD_REQUEST", `No questions.json found under ${dir}/{dyadic,multi-party}/dialogue*/scenes/session*/`);
  }
  const errors = key.issues.filter((i) => i.severity === "error");
  if (errors.length > 0) {
    throw new AppError("VALIDATION_FAILED", `Answer key has ${errors.length} error(s)`, {
      details: errors.map((i) => ({ code: i.code, file: i.file, path: i.path, message: i.message, ...(i.params ? { params: i.params } : {}) })),
    });
  }
  const warnings = key.issues.filter((i) => i.severity === "warning");
  const existing = await db.answerKeyVersion.findUnique({ where: { contentSha256: key.digest } });
  const { versionId, activation } = await db.$transaction(
    async (tx) => {
      let id = existing?.id;
      if (!id) {
        const version = await tx.answerKeyVersion.create({
          data: { label: label ?? `import ${new Date().toISOString()}`, contentSha256: key.digest, questionCount: key.questions.length },
        });
        id = version.id;
        await tx.referenceQuestion.createMany({ data: key.questions.map((q) => ({ ...q, versionId: version.id })) });
      }
      return { versionId: id, activation: opts.activate === false ? null : await activateAnswerKey(tx, id) };
    },
    { timeout: 60_000 },
  );
  forgetPublishedVersion();
  forgetDemoVisibility();
  return { versionId, created: !existing, questionCount: key.questions.length, fileCount: key.files.length, warnings, activation };
}

export type ActiveAnswerKey = { versionId: string; contentSha256: string; questions: ReferenceQuestion[]; rowIdByQid: Map<string, string> };

let cache: ActiveAnswerKey | undefined;

/** The active answer key (cached per version: a cheap id lookup, a full load only on change). */
export async function loadActiveAnswerKey(): Promise<ActiveAnswerKey | null> {
  const active = await db.answerKeyVersion.findFirst({ where: { active: true }, select: { id: true, contentSha256: true } });
  if (!active) return null;
  if (cache?.versionId === active.id) return cache;
  const rows = await db.referenceQuestion.findMany({ where: { versionId: active.id }, orderBy: [{ split: "asc" }, { dialogue: "asc" }, { session: "asc" }, { index: "asc" }] });
  const questions: ReferenceQuestion[] = rows.map((r) => ({
    qid: r.qid,
    split: r.split as Split,
    dialogue: r.dialogue,
    session: r.session,
    index: r.index,
    questionText: r.questionText,
    questionImage: r.questionImage,
    category: r.category as ReferenceQuestion["category"],
    mainType: r.mainType as ReferenceQuestion["mainType"],
    difficulty: r.difficulty as ReferenceQuestion["difficulty"],
    answer: r.answer,
  }));
  cache = { versionId: active.id, contentSha256: active.contentSha256, questions, rowIdByQid: new Map(rows.map((r) => [r.qid, r.id])) };
  return cache;
}
