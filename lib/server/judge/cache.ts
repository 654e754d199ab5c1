import "server-only";
import { createHash } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";

// JudgeCache: sha-256 of (model, prompt version, question, reference, answer) -> score,
// reasoning. JSON encoding of the tuple keeps field boundaries unambiguous.

export type CachedJudgement = { score: number; reasoning: string };
export type CacheKeyInput = { model: string; promptVersion: string; question: string; reference: string; answer: string };

export function judgeCacheKey(k: CacheKeyInput): string {
  const tuple = JSON.stringify([k.model, k.promptVersion, k.question.trim(), k.reference.trim(), k.answer.trim()]);
  return createHash("sha256").update(tuple, "utf8").digest("hex");
}

export type JudgeCacheStore = {
  getMany(keys: string[]): Promise<Map<string, CachedJudgement>>;
};

type Db = Pick<PrismaClient, "judgeCache">;

export function prismaJudgeCache(db: Db): JudgeCacheStore {
  return {
    async getMany(keys) {
      const out = new Map<string, CachedJudgement>();
      const CHUNK = 1000; // stay well below Postgres' bind-parameter limit
      for (let i = 0; i < keys.length; i += CHUNK) {
        const rows = await db.judgeCache.findMany({ where: { key: { in: keys.slice(i, i + CHUNK) } } });
        for (const r of rows) out.set(r.key, { score: r.score, reasoning: r.reasoning });
      }
      return out;
    },
  };
}
