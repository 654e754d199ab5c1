import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseQuestionsFile, type ReferenceQuestion, type ValidationIssue } from "@/lib/scoring";
import type { Split } from "@/lib/scoring/types";
import { db } from "./db";
import { AppError } from "./errors";

// The answer key is the official dataset folder: <dir>/<split>/dialogue<N>/scenes/session<M>/questions.json.
// Imports are idempotent by content sha-256 and the imported (or re-found) version becomes active.

const SPLIT_DIRS: Array<{ dir: string; split: Split }> = [
  { dir: "dyadic", split: "dyadic" },
  { dir: "multi-party", split: "multi-party" },
];

type QuestionFile = { rel: string; abs: string; split: Split; dialogue: number; session: number };

function numbered(dir: string, prefix: string): Array<{ name: string; n: number }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => ({ name, m: new RegExp(`^${prefix}(\\d+)$`).exec(name) }))
    .filter((e) => e.m && statSync(path.join(dir, e.name)).isDirectory())
    .map((e) => ({ name: e.name, n: Number(e.m![1]) }))
    .sort((a, b) => a.n - b.n);
}

function resolveRoot(dir: string): string {
  // Accept both the dataset folder itself and a folder that contains `dataset/`.
  const nested = path.join(dir, "dataset");
  if (!SPLIT_DIRS.some((s) => existsSync(path.join(dir, s.dir))) && existsSync(nested)) return nested;
  return dir;
}

export function listQuestionFiles(dir: string): QuestionFile[] {
  const root = resolveRoot(dir);
  const files: QuestionFile[] = [];
  for (const { dir: splitDir, split } of SPLIT_DIRS) {
    for (const d of numbered(path.join(root, splitDir), "dialogue")) {
      const scenes = path.join(root, splitDir, d.name, "scenes");
      for (const s of numbered(scenes, "session")) {
        const abs = path.join(scenes, s.name, "questions.json");
        // Some official session folders have images but no questions.json: skip them.
        if (!existsSync(abs)) continue;
        files.push({ rel: path.relative(root, abs).split(path.sep).join("/"), abs, split, dialogue: d.n, session: s.n });
      }
    }
  }
  return files;
}

export type ParsedAnswerKey = { questions: ReferenceQuestion[]; issues: ValidationIssue[]; contentSha256: string; fileCount: number };

export function readAnswerKeyFolder(dir: string): ParsedAnswerKey {
  const files = listQuestionFiles(dir);
  if (files.length === 0) {
    throw new AppError("BAD_REQUEST", `No questions.json found under ${dir}/{dyadic,multi-party}/dialogue*/scenes/session*/`);
  }
  const hash = createHash("sha256");
  const questions: ReferenceQuestion[] = [];
  const issues: ValidationIssue[] = [];
  for (const f of files) {
    const bytes = readFileSync(f.abs);
    hash.update(`${f.rel}\0${bytes.length}\0`).update(bytes);
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
    } catch (e) {
      issues.push({ severity: "error", code: "invalid_json", file: f.rel, path: "", message: `not valid JSON: ${(e as Error).message}` });
      continue;
    }
    const parsed = parseQuestionsFile(json, { split: f.split, dialogue: f.dialogue, session: f.session, file: f.rel });
    questions.push(...parsed.questions);
    issues.push(...parsed.issues);
  }
  return { questions, issues, contentSha256: hash.digest("hex"), fileCount: files.length };
}

export type ImportResult = { versionId: string; created: boolean; questionCount: number; fileCount: number; warnings: ValidationIssue[] };

export async function importAnswerKey(dir: string, label?: string): Promise<ImportResult> {
  const key = readAnswerKeyFolder(dir);
  const errors = key.issues.filter((i) => i.severity === "error");
  if (errors.length > 0) {
    throw new AppError("VALIDATION_FAILED", `Answer key has ${errors.length} error(s)`, {
      details: errors.map((i) => ({ file: i.file, path: i.path, message: i.message })),
    });
  }
  const warnings = key.issues.filter((i) => i.severity === "warning");
  const existing = await db.answerKeyVersion.findUnique({ where: { contentSha256: key.contentSha256 } });
  const versionId = await db.$transaction(
    async (tx) => {
      let id = existing?.id;
      if (!id) {
        const version = await tx.answerKeyVersion.create({
          data: { label: label ?? `import ${new Date().toISOString()}`, contentSha256: key.contentSha256, questionCount: key.questions.length },
        });
        id = version.id;
        await tx.referenceQuestion.createMany({ data: key.questions.map((q) => ({ ...q, versionId: version.id })) });
      }
      await tx.answerKeyVersion.updateMany({ where: { active: true, id: { not: id } }, data: { active: false } });
      await tx.answerKeyVersion.update({ where: { id }, data: { active: true } });
      return id;
    },
    { timeout: 60_000 },
  );
  return { versionId, created: !existing, questionCount: key.questions.length, fileCount: key.fileCount, warnings };
}

export type ActiveAnswerKey = { versionId: string; questions: ReferenceQuestion[]; rowIdByQid: Map<string, string> };

let cache: ActiveAnswerKey | undefined;

/** The active answer key (cached per version: a cheap id lookup, a full load only on change). */
export async function loadActiveAnswerKey(): Promise<ActiveAnswerKey | null> {
  const active = await db.answerKeyVersion.findFirst({ where: { active: true }, select: { id: true } });
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
  cache = { versionId: active.id, questions, rowIdByQid: new Map(rows.map((r) => [r.qid, r.id])) };
  return cache;
}
