import "server-only";
import { answerKeyTag, answerKeyTagOf } from "@/lib/scoring";
import { db } from "../db";

export type AnswerKeyInfo = { label: string; contentSha256: string; questionCount: number; importedAt: string };

const memo = new Map<string, Promise<AnswerKeyInfo | null>>();

/** Remembered per process since key versions never change. */
export function answerKeyOfVersion(version: string): Promise<AnswerKeyInfo | null> {
  const tag = answerKeyTagOf(version);
  if (!tag) return Promise.resolve(null);
  let hit = memo.get(tag);
  if (!hit) {
    hit = db.answerKeyVersion
      .findFirst({
        where: { contentSha256: { startsWith: tag } },
        select: { label: true, contentSha256: true, questionCount: true, importedAt: true },
      })
      .then((v) =>
        v
          ? {
              label: v.label,
              contentSha256: v.contentSha256,
              questionCount: v.questionCount,
              importedAt: v.importedAt.toISOString(),
            }
          : null,
      );
    memo.set(tag, hit);
    // A miss (key not imported here yet) or an error is not remembered.
    hit.then(
      (v) => v ?? memo.delete(tag),
      () => memo.delete(tag),
    );
  }
  return hit;
}

type KeyVersionRow = AnswerKeyInfo & { tag: string; active: boolean; isDemo: boolean };

export async function listAnswerKeyVersions(): Promise<KeyVersionRow[]> {
  const rows = await db.answerKeyVersion.findMany({
    orderBy: { importedAt: "desc" },
    select: { label: true, contentSha256: true, questionCount: true, importedAt: true, active: true, isDemo: true },
  });
  return rows.map((v) => ({ ...v, importedAt: v.importedAt.toISOString(), tag: answerKeyTag(v.contentSha256) }));
}
