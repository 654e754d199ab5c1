import "server-only";
import { createHash } from "node:crypto";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import { EVIDENCE_METRICS, type EvidenceGroup } from "@/lib/scoring";
import { toCsv } from "../csv";
import { consume, clientIp } from "../rate-limit";
import type { LeaderboardJson } from "../leaderboard/api-schema";
import { getLeaderboard, type Leaderboard, type ViewEntry } from "../leaderboard/view";
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
    track: p.track,
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
    entries: lb.entries.map(entryJson),
    references: lb.references.map((r) => ({
      kind: r.kind,
      overall: r.overall,
      mainTypes: r.mainTypes,
      categories: r.categories,
    })),
    trackReferences: lb.trackReferences.map(entryJson),
    withdrawn: lb.withdrawn,
  };
  return JSON.stringify(body);
}

function entryJson(e: ViewEntry): LeaderboardJson["entries"][number] {
  return {
    rank: e.rank,
    tied: e.tied,
    id: e.id,
    status: e.status,
    methodName: e.methodName,
    organization: e.organization,
    modality: e.modality,
    backbone: e.backbone,
    track: e.track,
    contextTopK: e.contextTopK,
    contextTokens: e.contextTokens,
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
    evidence: e.evidence ?? null,
    runs: e.runs,
    flipRate: e.flipRate,
    tier: e.tier,
    ...(e.scopeRank ? { scopeRank: e.scopeRank } : {}),
  };
}

const ENTRY_COLUMNS = [
  "status",
  "rank",
  "tied",
  "id",
  "methodName",
  "organization",
  "modality",
  "track",
  "contextTopK",
  "contextTokens",
  "isBaseline",
  "verified",
  "value",
  "ciLow",
  "ciHigh",
  "n",
  "runSd",
  "runs",
  "flipRate",
  "tier",
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
  // Evidence (all categories of the split), empty when not reported; its n is evidenceN.
  const evidence = (g: EvidenceGroup | null | undefined) =>
    g ? [g.n, ...EVIDENCE_METRICS.map((m) => g[m].value ?? "")] : EVIDENCE_METRICS.map(() => "").concat("");
  const row = (
    cols: Partial<Record<(typeof ENTRY_COLUMNS)[number], unknown>>,
    c: ScopedCells,
    g?: EvidenceGroup | null,
  ) => {
    const o = c.overall;
    const cells = { ...cols, value: o.value, ciLow: o.ciLow, ciHigh: o.ciHigh, n: o.n, runSd: o.runSd };
    return [
      ...ENTRY_COLUMNS.map((k) => cells[k] ?? ""),
      ...scopes.map((s) => scopeCell(c, s)?.value ?? ""),
      ...evidence(g),
      lb.params.split,
      lb.params.metric,
      lb.params.aggregate,
      ...stamp,
    ];
  };
  // A track reference is listed after the ranked entries, with its own track's rank.
  const rows = [...lb.entries, ...lb.trackReferences].map((e) =>
    row(
      {
        ...e,
        status: e.track === lb.params.track ? e.status : "track-reference",
        verified: e.verified ?? false,
        attemptsTotal: e.attempts?.total,
        attemptsSincePreviousEntry: e.attempts?.sincePreviousEntry,
      },
      e,
      e.evidence,
    ),
  );
  const refs = lb.references.map((r) =>
    row(
      { status: "reference", id: r.kind, methodName: REFERENCE_LABELS[r.kind], isBaseline: false, verified: false },
      r,
    ),
  );
  return toCsv([
    [
      ...ENTRY_COLUMNS,
      ...scopes,
      "evidenceN",
      ...EVIDENCE_METRICS,
      ...["split", "metric", "aggregate", "scorerVersion", "generatedAt"],
    ],
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
          "content-disposition": `attachment; filename="h2hmem-leaderboard-${params.track === "memory" ? "" : `${params.track}-`}${params.split}-${params.metric}-${params.aggregate}.csv"`,
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
