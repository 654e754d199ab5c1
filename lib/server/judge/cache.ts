import "server-only";
import { createHash } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";

// The key covers the exact rendered request: another batch context may have steered the grader.

export type CachedJudgement = { score: number; reasoning: string };
type CacheKeyInput = { model: string; promptVersion: string; request: string; questionId: string };

/** Bumped when what the key covers changes, so keys of different schemes can never collide. */
const KEY_SCHEME = "judge-request-v2";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export function judgeCacheKey(k: CacheKeyInput): string {
  // JSON encoding of the tuple keeps field boundaries unambiguous.
  return sha256(JSON.stringify([KEY_SCHEME, k.model, k.promptVersion, sha256(k.request), k.questionId]));
}

export type JudgeCacheStore = {
  getMany(keys: string[]): Promise<Map<string, CachedJudgement>>;
};

export const noJudgeCache: JudgeCacheStore = { getMany: async () => new Map() };

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
