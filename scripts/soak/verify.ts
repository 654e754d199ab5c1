// After the load: wait (bounded) until every submission of the soak accounts is final, then
// check each one against scoring its files alone. Lost = acknowledged with 202 but missing, or
// not final in time. Uploads that were stored although the client never saw the 202 (a
// timed-out request) are found in the database and verified too.
import { db } from "../../lib/server/db";
import type { LexicalOptions } from "../../lib/scoring";
import { diffRows, expectedRows } from "../../scripts/soak/expected";
import { seedFromMethodName, sha256, soakFiles } from "../../scripts/soak/files";
import type { Accepted } from "./load";
import type { AnswerKey } from "./setup";
import { sleep } from "./stack";

const FINAL = ["SCORED", "FAILED"];

export type DrainResult = { ms: number; notFinal: Array<{ id: string; status: string }> };

export async function drain(
  ownerIds: string[],
  timeoutMs: number,
  onTick?: (open: number) => void,
): Promise<DrainResult> {
  const t0 = Date.now();
  for (;;) {
    const open = await db.submission.findMany({
      where: { userId: { in: ownerIds }, status: { notIn: FINAL as never } },
      select: { id: true, status: true },
    });
    if (open.length === 0 || Date.now() - t0 > timeoutMs) return { ms: Date.now() - t0, notFinal: open };
    onTick?.(open.length);
    await sleep(2000);
  }
}

export type VerifyResult = {
  inDatabase: number;
  acknowledged: number;
  unacknowledged: string[];
  scored: number;
  failed: Array<{ id: string; reason: string }>;
  lost: string[];
  mismatches: Array<{ id: string; problems: string[] }>;
  verified: number;
};

export async function verify(opts: {
  ownerIds: string[];
  accepted: Map<string, Accepted>;
  key: AnswerKey;
  lexical: LexicalOptions;
  scorerVersion: string;
  withJudge: boolean;
}): Promise<VerifyResult> {
  const rows = await db.submission.findMany({
    where: { userId: { in: opts.ownerIds } },
    select: {
      id: true,
      methodName: true,
      status: true,
      failureReason: true,
      files: { select: { split: true, sha256: true } },
    },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const result: VerifyResult = {
    inDatabase: rows.length,
    acknowledged: opts.accepted.size,
    unacknowledged: rows.filter((r) => !opts.accepted.has(r.id)).map((r) => r.id),
    scored: 0,
    failed: [],
    lost: [...opts.accepted.keys()].filter((id) => !byId.has(id) || !FINAL.includes(byId.get(id)!.status)),
    mismatches: [],
    verified: 0,
  };
  for (const r of rows) {
    if (r.status === "FAILED") result.failed.push({ id: r.id, reason: r.failureReason ?? "(no reason)" });
    if (r.status !== "SCORED") continue;
    result.scored++;
    const problems: string[] = [];
    const seed = seedFromMethodName(r.methodName);
    if (seed === null) {
      result.mismatches.push({ id: r.id, problems: [`method name "${r.methodName}" carries no seed`] });
      continue;
    }
    const files = soakFiles(opts.key.questions, seed);
    const want = { dyadic: sha256(files.dyadic), "multi-party": sha256(files.multiparty) } as Record<string, string>;
    for (const f of r.files)
      if (want[f.split] !== f.sha256) problems.push(`stored ${f.split} file differs from the uploaded bytes`);
    if (r.files.length !== 2) problems.push(`${r.files.length} stored files, expected 2`);
    const stored = await db.score.findMany({
      where: { submissionId: r.id },
      select: {
        scorerVersion: true,
        split: true,
        scope: true,
        metric: true,
        aggregate: true,
        value: true,
        ciLow: true,
        ciHigh: true,
        n: true,
      },
    });
    const versions = [...new Set(stored.map((s) => s.scorerVersion))];
    if (versions.length !== 1 || versions[0] !== opts.scorerVersion)
      problems.push(`scorer versions ${JSON.stringify(versions)}, expected ["${opts.scorerVersion}"]`);
    problems.push(...diffRows(expectedRows(files, opts.key.questions, opts.lexical, opts.withJudge), stored));
    if (problems.length > 0) result.mismatches.push({ id: r.id, problems });
    else result.verified++;
  }
  return result;
}

/** The bar: nothing lost, nothing failed, every stored result equal to scoring its files alone. */
export function barMet(v: VerifyResult, drainResult: DrainResult, crashes: string[]): string[] {
  const why: string[] = [];
  if (v.lost.length > 0)
    why.push(`${v.lost.length} acknowledged submission(s) lost or not final: ${v.lost.slice(0, 5).join(", ")}`);
  if (drainResult.notFinal.length > 0)
    why.push(
      `${drainResult.notFinal.length} submission(s) not final after the drain timeout: ${drainResult.notFinal
        .slice(0, 5)
        .map((s) => `${s.id} ${s.status}`)
        .join(", ")}`,
    );
  if (v.failed.length > 0)
    why.push(
      `${v.failed.length} submission(s) FAILED: ${v.failed
        .slice(0, 3)
        .map((f) => `${f.id}: ${f.reason}`)
        .join("; ")}`,
    );
  if (v.mismatches.length > 0)
    why.push(
      `${v.mismatches.length} submission(s) differ from scoring their files alone: ${v.mismatches
        .slice(0, 3)
        .map((m) => `${m.id}: ${m.problems.join("; ")}`)
        .join(" | ")}`,
    );
  if (crashes.length > 0) why.push(`unexpected process exits: ${crashes.join("; ")}`);
  if (v.verified === 0) why.push("no submission was scored and verified");
  return why;
}
