import "server-only";
import { createHash } from "node:crypto";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import { toCsv } from "../csv";
import { consume, clientIp } from "../rate-limit";
import type { LeaderboardJson } from "../leaderboard/api-schema";
import { getLeaderboard, type Leaderboard } from "../leaderboard/view";
import { viewQuery, type LeaderboardParams } from "../leaderboard/params";
import { REFERENCE_LABELS } from "../leaderboard/reference-systems";
import { judgeOfVersion } from "../judge/demo-judge";
import { scopeCell, type ScopedCells } from "../leaderboard/ranked-board";
import { StampedMemo } from "../public-cache/generation";

// Bodies are kept for one public generation, so repeats cost no re-serialisation.

type Body = { text: string | Uint8Array<ArrayBuffer>; etag: string };
const bodies = new StampedMemo<Body>(200);

export function leaderboardJson(lb: Leaderboard): string {
  const { params: p } = lb;
  const body: LeaderboardJson = {
    scorerVersion: lb.scorerVersion,
    answerKey: lb.answerKey,
    judge: judgeOfVersion(lb.scorerVersion),
    notRescored: lb.notRescored.map((e) => ({ ...e, status: "not-rescored" as const })),
    generatedAt: lb.generatedAt,
    split: p.split,
    metric: p.metric,
    aggregate: p.aggregate,
    filters: {
      q: p.q ?? null,
      modality: p.modality,
      baselines: p.baselines,
      backbone: p.backbone ?? null,
      verified: p.verified,
      sort: p.sort ?? null,
      status: p.status,
    },
    total: lb.total,
    lowNMin: lb.lowNMin,
    entries: lb.entries.map((e) => ({
      rank: e.rank,
      tied: e.tied,
      id: e.id,
      status: e.status,
      methodName: e.methodName,
      organization: e.organization,
      modality: e.modality,
      backbone: e.backbone,
      ranBy: e.ranBy ?? null,
      methodOwner: e.methodOwner ?? null,
      isBaseline: e.isBaseline,
      verified: e.verified ?? false,
      ciVerified: e.ciVerified ?? null,
      createdAt: e.createdAt,
      answered: e.answered,
      attempts: e.attempts,
      overall: e.overall,
      mainTypes: e.mainTypes,
      categories: e.categories,
      refusalRate: e.refusalRate,
      overRefusalRate: e.overRefusalRate,
      ...(e.scopeRank ? { scopeRank: e.scopeRank } : {}),
    })),
    references: lb.references.map((r) => ({
      kind: r.kind,
      overall: r.overall,
      mainTypes: r.mainTypes,
      categories: r.categories,
    })),
    withdrawn: lb.withdrawn,
  };
  return JSON.stringify(body);
}

const ENTRY_COLUMNS = [
  "status",
  "rank",
  "tied",
  "id",
  "methodName",
  "organization",
  "modality",
  "isBaseline",
  "verified",
  "value",
  "ciLow",
  "ciHigh",
  "n",
  "answered",
  "attemptsTotal",
  "attemptsSincePreviousEntry",
  "createdAt",
] as const;
const WITHDRAWN_COLUMNS = [
  "status",
  "id",
  "methodName",
  "organization",
  "removedBy",
  "createdAt",
  "approvedAt",
  "removedAt",
  "reason",
] as const;

export function leaderboardCsv(lb: Leaderboard): string {
  const stamp = [lb.scorerVersion, lb.generatedAt];
  if (lb.params.status === "withdrawn")
    return toCsv([
      [...WITHDRAWN_COLUMNS, "scorerVersion", "generatedAt"],
      ...lb.withdrawn.map((t) => [...WITHDRAWN_COLUMNS.map((k) => t[k] ?? ""), ...stamp]),
    ]);
  const scopes = [...MAIN_TYPES, ...CATEGORY_CODES];
  const row = (cols: Partial<Record<(typeof ENTRY_COLUMNS)[number], unknown>>, c: ScopedCells) => {
    const cells = { ...cols, value: c.overall.value, ciLow: c.overall.ciLow, ciHigh: c.overall.ciHigh, n: c.overall.n };
    return [
      ...ENTRY_COLUMNS.map((k) => cells[k] ?? ""),
      ...scopes.map((s) => scopeCell(c, s)?.value ?? ""),
      lb.params.split,
      lb.params.metric,
      lb.params.aggregate,
      ...stamp,
    ];
  };
  const rows = lb.entries.map((e) =>
    row(
      {
        ...e,
        verified: e.verified ?? false,
        attemptsTotal: e.attempts?.total,
        attemptsSincePreviousEntry: e.attempts?.sincePreviousEntry,
      },
      e,
    ),
  );
  const refs = lb.references.map((r) =>
    row(
      { status: "reference", id: r.kind, methodName: REFERENCE_LABELS[r.kind], isBaseline: false, verified: false },
      r,
    ),
  );
  return toCsv([
    [...ENTRY_COLUMNS, ...scopes, "split", "metric", "aggregate", "scorerVersion", "generatedAt"],
    ...rows,
    ...refs,
  ]);
}

export async function leaderboardResponse(
  req: Request,
  params: LeaderboardParams,
  format: "json" | "csv",
): Promise<Response> {
  await consume("api-ip", clientIp(req.headers));
  const lb = await getLeaderboard(params, { all: true });
  const key = `${lb.generatedAt}|${format}|${viewQuery(params, { page: false })}`;
  const body = await bodies.get(key, async () => etagged(format === "json" ? leaderboardJson(lb) : leaderboardCsv(lb)));
  return conditional(
    req,
    body,
    format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
    format === "csv"
      ? {
          "content-disposition": `attachment; filename="h2hmem-leaderboard-${params.split}-${params.metric}-${params.aggregate}.csv"`,
        }
      : {},
  );
}

export function conditional(
  req: Request,
  body: Body,
  contentType: string,
  extra: Record<string, string> = {},
): Response {
  const headers = new Headers({
    etag: body.etag,
    // Shared caches may keep it briefly; clients revalidate with the ETag.
    "cache-control": "public, max-age=0, must-revalidate",
    "x-content-type-options": "nosniff",
    ...extra,
  });
  const inm = req.headers.get("if-none-match");
  if (inm && inm.split(",").some((t) => t.trim().replace(/^W\//, "") === body.etag))
    return new Response(null, { status: 304, headers });
  headers.set("content-type", contentType);
  return new Response(body.text, { status: 200, headers });
}

export function etagged(text: string): Body {
  return { text, etag: `"${createHash("sha1").update(text).digest("base64url")}"` };
}
