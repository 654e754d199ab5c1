import "server-only";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { answerKeyTagOf } from "@/lib/scoring";
import { db } from "../db";
import { AppError } from "../errors";
import { loadAnswerKeyDir } from "../answer-key/dataset-folder";

// Accepted gold-answer reports become a new answer-key version (issue 50): `errata export` writes them as a file
// an operator reviews, `errata apply` writes a corrected copy of the dataset, and importing that copy takes the
// usual new-key path (coverage, re-score, rank-diff preview, publish), where keyChanges lists the corrections.

export type Correction = {
  qid: string;
  question: string;
  goldAnswer: string;
  correctedAnswer: string;
  kind: "wrong" | "ambiguous";
  reports: Array<{ id: string; reason: string; acceptedAt: string | null }>;
};
export type ErrataFile = {
  format: "h2hmem-errata/1";
  generatedAt: string;
  answerKey: { label: string; contentSha256: string } | null;
  corrections: Correction[];
};

/** Accepted reports the active key does not carry yet, one correction per question (the latest accepted answer wins). */
export async function exportErrata(): Promise<ErrataFile> {
  const key = await db.answerKeyVersion.findFirst({
    where: { active: true },
    select: { id: true, label: true, contentSha256: true },
  });
  const accepted = await db.goldReport.findMany({
    where: { state: "ACCEPTED" },
    orderBy: [{ decidedAt: "asc" }, { id: "asc" }],
    select: { id: true, qid: true, kind: true, reason: true, correctedAnswer: true, decidedAt: true },
  });
  const current = new Map(
    (
      await db.referenceQuestion.findMany({
        where: { versionId: key?.id ?? "", qid: { in: accepted.map((r) => r.qid) } },
        select: { qid: true, answer: true, questionText: true },
      })
    ).map((q) => [q.qid, q]),
  );
  const byQid = new Map<string, Correction>();
  for (const r of accepted) {
    const q = current.get(r.qid);
    if (!q || r.correctedAnswer === null) continue;
    const c = byQid.get(r.qid) ?? {
      qid: r.qid,
      question: q.questionText,
      goldAnswer: q.answer,
      correctedAnswer: r.correctedAnswer,
      kind: r.kind === "WRONG" ? "wrong" : "ambiguous",
      reports: [],
    };
    c.correctedAnswer = r.correctedAnswer;
    c.reports.push({ id: r.id, reason: r.reason, acceptedAt: r.decidedAt?.toISOString() ?? null });
    byQid.set(r.qid, c);
  }
  return {
    format: "h2hmem-errata/1",
    generatedAt: new Date().toISOString(),
    answerKey: key ? { label: key.label, contentSha256: key.contentSha256 } : null,
    corrections: [...byQid.values()].filter((c) => c.correctedAnswer !== c.goldAnswer),
  };
}

/** Copies the dataset folder to `outDir` with each correction's `original_answer` replaced; returns how many changed. */
export function applyErrata(errata: ErrataFile, datasetDir: string, outDir: string): number {
  if (errata.format !== "h2hmem-errata/1") throw new AppError("BAD_REQUEST", "Not an h2hmem errata file.");
  cpSync(datasetDir, outDir, { recursive: true, errorOnExist: true, force: false });
  const copy = loadAnswerKeyDir(outDir);
  let changed = 0;
  for (const c of errata.corrections) {
    const [split, d, s, position] = c.qid.split("/");
    const file = copy.files.find(
      (f) => f.split === split && `dialogue${f.dialogue}` === d && `session${f.session}` === s,
    );
    if (!file) throw new AppError("NOT_FOUND", `No questions.json for ${c.qid} under ${outDir}.`);
    const abs = path.join(copy.root, file.path);
    const json = JSON.parse(readFileSync(abs, "utf8")) as { questions: Array<{ original_answer: string }> };
    const q = json.questions[Number(position)];
    if (!q) throw new AppError("NOT_FOUND", `${file.path} has no question ${position} (${c.qid}).`);
    if (q.original_answer !== c.correctedAnswer) changed++;
    q.original_answer = c.correctedAnswer;
    writeFileSync(abs, `${JSON.stringify(json, null, 2)}\n`);
  }
  return changed;
}

export type KeyChange = { qid: string; before: string; after: string; reports: string[] };

/** Questions whose gold answer differs between two keys (by version tag), with the accepted reports behind each. */
export async function keyChanges(fromTag: string | null, toTag: string | null): Promise<KeyChange[]> {
  if (!fromTag || !toTag || fromTag === toTag) return [];
  const rows = await db.$queryRaw<KeyChange[]>`
    SELECT b.qid, a.answer AS before, b.answer AS after,
      coalesce((SELECT array_agg(g.id ORDER BY g."decidedAt") FROM "GoldReport" g
        WHERE g.qid = b.qid AND g.state = 'ACCEPTED'), '{}') AS reports
    FROM "AnswerKeyVersion" va JOIN "ReferenceQuestion" a ON a."versionId" = va.id
    JOIN "AnswerKeyVersion" vb ON vb."contentSha256" LIKE ${`${toTag}%`}
    JOIN "ReferenceQuestion" b ON b."versionId" = vb.id AND b.qid = a.qid
    WHERE va."contentSha256" LIKE ${`${fromTag}%`} AND a.answer <> b.answer
    ORDER BY b.qid`;
  return rows;
}

/** keyChanges between two scorer versions' keys (the re-score preview's from and to). */
export const keyChangesOfVersions = (from: string, to: string) => keyChanges(answerKeyTagOf(from), answerKeyTagOf(to));
