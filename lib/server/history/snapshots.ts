import "server-only";
import { createHash } from "node:crypto";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import { toCsv } from "../csv";
import { db } from "../db";
import { AppError } from "../errors";
import { publishedScorerVersion } from "../versions/published-version";
import { boardMetricSchema, boardSplitSchema } from "../leaderboard/params";
import { rankedBoard, scopeCell } from "../leaderboard/ranked-board";
import { insertRankRows, rankColumns } from "./snapshot-ranks";

// Written from an outbox message once the change committed.

const AGGREGATES = ["micro", "macro"] as const;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export const SNAPSHOT_REASONS = [
  "approve",
  "reject",
  "withdraw",
  "unpublish",
  "publish",
  "rescore",
  "metadata",
  "baseline",
  "purge",
] as const;
export type SnapshotReason = (typeof SNAPSHOT_REASONS)[number];

async function boardContent() {
  const scorerVersion = await publishedScorerVersion();
  const boards = [];
  const ranks = [];
  for (const split of boardSplitSchema.options) {
    for (const metric of boardMetricSchema.options) {
      for (const aggregate of AGGREGATES) {
        const b = await rankedBoard({ split, metric, aggregate });
        ranks.push({ key: { split, metric, aggregate }, columns: rankColumns(b) });
        boards.push({
          split,
          metric,
          aggregate,
          entries: b.entries.map(
            ({
              rank,
              tied,
              id,
              methodName,
              organization,
              modality,
              track,
              isBaseline,
              overall,
              mainTypes,
              categories,
            }) => ({
              rank,
              tied,
              id,
              methodName,
              organization,
              modality,
              track,
              isBaseline,
              overall,
              mainTypes,
              categories,
            }),
          ),
        });
      }
    }
  }
  const json = JSON.stringify({ scorerVersion, boards });
  const scopes = [...MAIN_TYPES, ...CATEGORY_CODES];
  const header = [
    "split",
    "metric",
    "aggregate",
    "rank",
    "tied",
    "id",
    "methodName",
    "organization",
    "value",
    "ciLow",
    "ciHigh",
    "n",
    ...scopes,
    "track",
  ];
  const rows = boards.flatMap((b) =>
    b.entries.map((e) => [
      b.split,
      b.metric,
      b.aggregate,
      e.rank,
      e.tied,
      e.id,
      e.methodName,
      e.organization ?? "",
      e.overall.value,
      e.overall.ciLow ?? "",
      e.overall.ciHigh ?? "",
      e.overall.n,
      ...scopes.map((s) => scopeCell(e, s)?.value ?? ""),
      e.track,
    ]),
  );
  return {
    scorerVersion,
    json,
    ranks,
    csv: toCsv([header, ...rows]),
    entries: new Set(boards.flatMap((b) => b.entries.map((e) => e.id))).size,
  };
}

/** Throws so the outbox retries; an advisory lock keeps writers in order. */
export async function writeBoardSnapshot(reason: SnapshotReason): Promise<string | null> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('board-snapshot'))`;
      // A writer that waited sees at least what the one before it saw.
      const board = await boardContent();
      const contentSha256 = sha256(board.json);
      const key = await tx.answerKeyVersion.findFirst({
        where: { active: true },
        select: { id: true, label: true, contentSha256: true },
      });
      const last = await tx.boardSnapshot.findFirst({
        orderBy: { createdAt: "desc" },
        select: { contentSha256: true },
      });
      if (last?.contentSha256 === contentSha256) return null;
      const createdAt = new Date();
      const manifest = {
        createdAt: createdAt.toISOString(),
        reason,
        scorerVersion: board.scorerVersion,
        answerKey: key ? { id: key.id, label: key.label, sha256: key.contentSha256 } : null,
        entries: board.entries,
        files: [
          { name: "board.json", sha256: contentSha256, bytes: Buffer.byteLength(board.json) },
          { name: "board.csv", sha256: sha256(board.csv), bytes: Buffer.byteLength(board.csv) },
        ],
      };
      const s = await tx.boardSnapshot.create({
        data: {
          createdAt,
          reason,
          scorerVersion: board.scorerVersion,
          answerKeyVersion: key?.id ?? null,
          contentSha256,
          manifest,
          boardJson: board.json,
          boardCsv: board.csv,
        },
      });
      for (const r of board.ranks) await insertRankRows(tx, s.id, r.key, r.columns);
      return s.id;
    },
    // A board of 1,000 entries writes 390,000 rank rows: ~45 s on a loaded 2-core machine (docs/BENCHMARKS.md).
    { timeout: 300_000 },
  );
}

export const snapshotLinks = (id: string) => ({
  self: `/api/v1/snapshots/${id}`,
  json: `/api/v1/snapshots/${id}/board.json`,
  csv: `/api/v1/snapshots/${id}/board.csv`,
});

export async function listSnapshots() {
  const rows = await db.boardSnapshot.findMany({
    orderBy: { createdAt: "desc" },
    take: 500,
    select: {
      id: true,
      createdAt: true,
      reason: true,
      scorerVersion: true,
      answerKeyVersion: true,
      contentSha256: true,
    },
  });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), links: snapshotLinks(r.id) }));
}

export async function getSnapshot(id: string) {
  const s = await db.boardSnapshot.findUnique({ where: { id }, select: { id: true, manifest: true } });
  if (!s) throw new AppError("NOT_FOUND", "Snapshot not found.");
  return { id: s.id, manifest: s.manifest, links: snapshotLinks(s.id) };
}

export async function getSnapshotFile(id: string, format: "json" | "csv"): Promise<string> {
  const s = await db.boardSnapshot.findUnique({ where: { id }, select: { boardJson: true, boardCsv: true } });
  if (!s) throw new AppError("NOT_FOUND", "Snapshot not found.");
  return format === "json" ? s.boardJson : s.boardCsv;
}
