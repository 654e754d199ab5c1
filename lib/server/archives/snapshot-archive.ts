import "server-only";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { db } from "../db";
import { AppError } from "../errors";
import { judgeOfVersion } from "../judge/demo-judge";
import { judgeCardFor } from "../scores/judge-card";
import { SCORE_ROW_VIEW } from "../scores/score-rows";
import { methodCard } from "../submissions/method-card";
import { PREDICTION_FILE_NAMES, type Split } from "@/lib/scoring";
import { archiveReadme, citationCff } from "./archive-texts";
import { TAR_END, tarEntry, type TarFile } from "./tar";

// The bundle of one board snapshot, streamed as .tar.gz. Reproducible: files in a fixed order, JSON
// from sorted rows, every tar time the snapshot's own, gzip without a timestamp. It changes only if
// stored rows do (an entry's method card edited, its files withdrawn, a new judge calibration).

const CARD = {
  id: true,
  methodName: true,
  organization: true,
  description: true,
  paperUrl: true,
  codeUrl: true,
  modality: true,
  backbone: true,
  memoryMethod: true,
  runOf: true,
  reproduces: true,
  ranBy: true,
  methodOwner: true,
  storageSecondsPerSession: true,
  retrievalSecondsPerQuestion: true,
  answerSecondsPerQuestion: true,
  tokensPerQuestion: true,
  hardware: true,
  track: true,
  declaredTrack: true,
  trackReason: true,
  contextTopK: true,
  contextTokens: true,
  isBaseline: true,
  approvedAt: true,
  contentSha256: true,
  reviewState: true,
  publicPredictions: true,
} as const;

const json = (v: unknown) => Buffer.from(`${JSON.stringify(v, null, 2)}\n`);
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function snapshotRow(id: string) {
  const s = await db.boardSnapshot.findUnique({ where: { id } });
  if (!s) throw new AppError("NOT_FOUND", "Snapshot not found.");
  return s;
}
type Snapshot = Awaited<ReturnType<typeof snapshotRow>>;

function entryIds(boardJson: string): string[] {
  const board = JSON.parse(boardJson) as { boards: Array<{ entries: Array<{ id: string }> }> };
  return [...new Set(board.boards.flatMap((b) => b.entries.map((e) => e.id)))].sort();
}

async function* entryFiles(s: Snapshot, id: string): AsyncGenerator<TarFile> {
  const row = await db.submission.findUnique({ where: { id }, select: CARD });
  if (!row) return; // purged since: the board files still name it
  const dir = `entries/${id}`;
  yield {
    path: `${dir}/method-card.json`,
    body: json({
      id,
      ...methodCard(row),
      isBaseline: row.isBaseline,
      approvedAt: row.approvedAt?.toISOString() ?? null,
      predictionsSha256: row.contentSha256,
    }),
  };
  const scores = await db.score.findMany({
    where: { submissionId: id, scorerVersion: s.scorerVersion },
    orderBy: [{ split: "asc" }, { scope: "asc" }, { metric: "asc" }, { aggregate: "asc" }],
    select: SCORE_ROW_VIEW,
  });
  yield { path: `${dir}/scores.json`, body: json({ scorerVersion: s.scorerVersion, scores }) };
  // Only what the public may download now: an approved entry whose author made the files public.
  if (row.reviewState !== "APPROVED" || !row.publicPredictions) return;
  const files = await db.submissionFile.findMany({
    where: { submissionId: id },
    orderBy: { split: "asc" },
    select: { split: true, content: true },
  });
  for (const f of files)
    yield {
      path: `${dir}/${PREDICTION_FILE_NAMES[f.split as Split] ?? `${f.split}.json`}`,
      body: Buffer.from(f.content),
    };
}

async function* archiveFiles(s: Snapshot, origin: string): AsyncGenerator<TarFile> {
  const ids = entryIds(s.boardJson);
  const key = s.answerKeyVersion
    ? await db.answerKeyVersion.findUnique({
        where: { id: s.answerKeyVersion },
        select: { label: true, contentSha256: true, questionCount: true, importedAt: true, isDemo: true },
      })
    : null;
  const judge = judgeOfVersion(s.scorerVersion);
  const card = judge ? await judgeCardFor(s.scorerVersion).catch(() => null) : null;
  const facts = {
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    scorerVersion: s.scorerVersion,
    origin,
    entries: ids.length,
    sha256: s.contentSha256,
  };
  yield { path: "README.md", body: Buffer.from(archiveReadme(facts, key)) };
  yield { path: "CITATION.cff", body: Buffer.from(citationCff(facts)) };
  yield { path: "snapshot/manifest.json", body: json({ id: s.id, ...(s.manifest as object) }) };
  yield { path: "snapshot/board.json", body: Buffer.from(s.boardJson) };
  yield { path: "snapshot/board.csv", body: Buffer.from(s.boardCsv) };
  yield {
    path: "answer-key.json",
    body: json(
      key
        ? {
            ...key,
            importedAt: key.importedAt.toISOString(),
            note: "Metadata only: the gold answers are not included.",
          }
        : null,
    ),
  };
  yield { path: "scorer.json", body: json({ scorerVersion: s.scorerVersion, judge, judgeCard: card }) };
  for (const id of ids) yield* entryFiles(s, id);
}

/** The snapshot's archive as a web stream of .tar.gz bytes, built while it is sent. */
export async function snapshotArchive(
  id: string,
  origin: string,
): Promise<{ name: string; stream: ReadableStream<Uint8Array> }> {
  const s = await snapshotRow(id);
  const root = `h2hmem-snapshot-${s.id}`;
  const mtime = Math.floor(s.createdAt.getTime() / 1000);
  async function* tar(): AsyncGenerator<Buffer> {
    const sums: string[] = [];
    for await (const f of archiveFiles(s, origin)) {
      sums.push(`${sha256(f.body)}  ${f.path}`);
      yield tarEntry({ path: `${root}/${f.path}`, body: f.body }, mtime);
    }
    // `sha256sum -c MANIFEST.sha256` inside the folder checks every other file.
    yield tarEntry({ path: `${root}/MANIFEST.sha256`, body: Buffer.from(`${sums.join("\n")}\n`) }, mtime);
    yield TAR_END;
  }
  const gz = Readable.from(tar()).pipe(createGzip({ level: 9 }));
  return { name: `${root}.tar.gz`, stream: Readable.toWeb(gz) as ReadableStream<Uint8Array> };
}
