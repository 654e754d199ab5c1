import "server-only";
import { z } from "zod";
import { db } from "../db";
import { AppError } from "../errors";
import { recordAudit } from "../audit";

// The DOI of a snapshot's deposited archive, recorded by an admin (its own table: snapshots are
// immutable). Shown on the snapshot, in its cite text, archive and the Atom feed.

export const doiSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:)/i, ""))
  .pipe(z.string().regex(/^10\.\d{4,9}\/[-._;()/:A-Za-z0-9]{1,200}$/, "must be a DOI such as 10.5281/zenodo.1234567"));
export const doiInputSchema = z.strictObject({
  doi: doiSchema.nullable().meta({ description: "The DOI (10.xxxx/...), or null to remove it." }),
});

export async function snapshotDoi(snapshotId: string): Promise<string | null> {
  return (await db.snapshotDoi.findUnique({ where: { snapshotId }, select: { doi: true } }))?.doi ?? null;
}

export async function snapshotDois(ids: string[]): Promise<Map<string, string>> {
  const rows = await db.snapshotDoi.findMany({
    where: { snapshotId: { in: ids } },
    select: { snapshotId: true, doi: true },
  });
  return new Map(rows.map((r) => [r.snapshotId, r.doi]));
}

export async function setSnapshotDoi(actorId: string, snapshotId: string, doi: string | null): Promise<string | null> {
  return db.$transaction(async (tx) => {
    const snap = await tx.boardSnapshot.findUnique({ where: { id: snapshotId }, select: { id: true } });
    if (!snap) throw new AppError("NOT_FOUND", "Snapshot not found.");
    const before = (await tx.snapshotDoi.findUnique({ where: { snapshotId } }))?.doi ?? null;
    if (before === doi) return doi;
    if (doi === null) await tx.snapshotDoi.delete({ where: { snapshotId } });
    else
      await tx.snapshotDoi.upsert({
        where: { snapshotId },
        create: { snapshotId, doi, recordedById: actorId },
        update: { doi, recordedById: actorId, recordedAt: new Date() },
      });
    await recordAudit(tx, {
      actor: actorId,
      action: "snapshot.doi",
      target: { type: "BoardSnapshot", id: snapshotId },
      details: { from: before, to: doi },
    });
    return doi;
  });
}

/** The snapshot's cite text, as the About page words it, with the DOI when one is recorded. */
export function snapshotCiteText(
  s: { id: string; createdAt: string; scorerVersion: string; sha256: string },
  doi: string | null,
): string {
  const base = `H2HMem leaderboard, snapshot ${s.id} (board.json sha-256 ${s.sha256}, scorer ${s.scorerVersion}), ${s.createdAt.slice(0, 10)}`;
  return doi ? `${base}. https://doi.org/${doi}` : base;
}
