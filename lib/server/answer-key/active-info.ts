import "server-only";
import { db } from "../db";

/** The active answer key, so pages can say what entries were scored against. */
export async function activeAnswerKeyInfo(): Promise<{ label: string; questionCount: number; importedAt: string } | null> {
  const v = await db.answerKeyVersion.findFirst({ where: { active: true }, select: { label: true, questionCount: true, importedAt: true } });
  return v ? { label: v.label, questionCount: v.questionCount, importedAt: v.importedAt.toISOString() } : null;
}
