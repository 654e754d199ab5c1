import "server-only";
import { createHash } from "node:crypto";
import { CATEGORY_CODES, MAIN_TYPES, type CategoryCode, type MainType } from "@/lib/scoring/types";
import { toCsv } from "../csv";
import { consume, clientIp } from "../rate-limit";
import type { LeaderboardJson } from "./api-schema";
import { getLeaderboard, type Leaderboard } from "./view";
import { viewQuery, type LeaderboardParams } from "./params";
import { REFERENCE_LABELS } from "./reference-systems";
import { judgeOfVersion } from "../judge/demo-judge";
import type { ScopedCells } from "./ranked-board";
import { publicGeneration, StampedMemo } from "./stamped-memo";

// The board's exports; bodies are kept per board build and view for one public generation, so repeats cost no re-serialisation.

type Body = { text: string; etag: string };
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

export function leaderboardCsv(lb: Leaderboard): string {
  if (lb.params.status === "withdrawn") return withdrawnCsv(lb);
  const scopes = [...MAIN_TYPES, ...CATEGORY_CODES];
  const scopeValues = (c: Pick<ScopedCells, "mainTypes" | "categories">) =>
    scopes.map(
      (s) =>
        ((MAIN_TYPES as readonly string[]).includes(s)
          ? c.mainTypes[s as MainType]?.value
          : c.categories[s as CategoryCode]?.value) ?? "",
    );
  const header = [
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
    ...scopes,
    "split",
    "metric",
    "aggregate",
    "scorerVersion",
    "generatedAt",
  ];
  const rows = lb.entries.map((e) => [
    e.status,
    e.rank,
    e.tied,
    e.id,
    e.methodName,
    e.organization ?? "",
    e.modality ?? "",
    e.isBaseline,
    e.verified ?? false,
    e.overall.value,
    e.overall.ciLow ?? "",
    e.overall.ciHigh ?? "",
    e.overall.n,
    e.answered,
    e.attempts?.total ?? "",
    e.attempts?.sincePreviousEntry ?? "",
    e.createdAt,
    ...scopeValues(e),
    lb.params.split,
    lb.params.metric,
    lb.params.aggregate,
    lb.scorerVersion,
    lb.generatedAt,
  ]);
  // Reference rows: status "reference", no rank, the kind as id and its label as method.
  const refs = lb.references.map((r) => [
    "reference",
    "",
    "",
    r.kind,
    REFERENCE_LABELS[r.kind],
    "",
    "",
    false,
    false,
    r.overall.value,
    r.overall.ciLow ?? "",
    r.overall.ciHigh ?? "",
    r.overall.n,
    "",
    "",
    "",
    "",
    ...scopeValues(r),
    lb.params.split,
    lb.params.metric,
    lb.params.aggregate,
    lb.scorerVersion,
    lb.generatedAt,
  ]);
  return toCsv([header, ...rows, ...refs]);
}

function withdrawnCsv(lb: Leaderboard): string {
  const header = [
    "status",
    "id",
    "methodName",
    "organization",
    "removedBy",
    "createdAt",
    "approvedAt",
    "removedAt",
    "reason",
    "scorerVersion",
    "generatedAt",
  ];
  const rows = lb.withdrawn.map((t) => [
    t.status,
    t.id,
    t.methodName,
    t.organization ?? "",
    t.removedBy,
    t.createdAt,
    t.approvedAt ?? "",
    t.removedAt ?? "",
    t.reason,
    lb.scorerVersion,
    lb.generatedAt,
  ]);
  return toCsv([header, ...rows]);
}

/**
 * Public, rate-limited (per client address) and cacheable: a strong ETag over the body, and
 * `If-None-Match` answered with 304 without a body.
 */
export async function leaderboardResponse(
  req: Request,
  params: LeaderboardParams,
  format: "json" | "csv",
): Promise<Response> {
  await consume("api-ip", clientIp(req.headers));
  const lb = await getLeaderboard(params, { all: true });
  // Reference rows are written by the worker without touching submissions (the board's stamp): part of the key.
  const refs = lb.references.map((r) => `${r.kind}:${r.overall.value}:${r.overall.n}`).join(",");
  const key = `${lb.generatedAt}|${format}|${viewQuery(params, { page: false })}|${refs}`;
  const body = await bodies.get(await publicGeneration(), key, async () =>
    etagged(format === "json" ? leaderboardJson(lb) : leaderboardCsv(lb)),
  );
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
