import { randomBytes } from "node:crypto";
import { db } from "@/lib/server/db";
import type { TokenScope } from "@/lib/validation/api-token";

// The authorization matrix: one entry per (route file, HTTP method) under app/api. Each entry
// names the status every role must get, and the token scope it needs. `authz-matrix.test.ts` fails when a route exists
// without an entry here, so a new route cannot ship without a decision on who may call it.

export type Role = "anon" | "owner" | "other" | "admin";
export type Subject = { id: string; ownerId: string; victimId: string };
export type Case = {
  /** Allowed statuses per role (several where the outcome does not depend on the role, e.g. health 200/503). */
  expect: Record<Role, number[]>;
  /** State the subject submission starts in; a fresh one per call, so decisions do not interfere. */
  subject?: { status: "SCORED" | "FAILED"; reviewState: "PENDING" | "APPROVED" };
  url: (s: Subject) => string;
  body?: (s: Subject) => unknown;
  /** Writes: denied calls must leave the subject row and its audit trail untouched. */
  write?: boolean;
  /** The API-token scope the route needs (every route that authenticates names one). */
  scope?: TokenScope;
};

const deny = { anon: [401], owner: [403], other: [403] };
const adminOnly = (ok: number) => ({ ...deny, admin: [ok] });
const all = (...codes: number[]) => ({ anon: codes, owner: codes, other: codes, admin: codes });
const pending = { status: "SCORED", reviewState: "PENDING" } as const;
const approved = { status: "SCORED", reviewState: "APPROVED" } as const;

export const MATRIX: Record<string, Case> = {
  "auth/[...nextauth] GET": { expect: all(200), url: () => "/api/auth/session" },
  // A POST without Auth.js's own CSRF token never signs anyone in or out.
  "auth/[...nextauth] POST": { expect: all(302), url: () => "/api/auth/signout", body: () => ({}) },
  "health GET": { expect: all(200, 503), url: () => "/api/health" },
  // Only the METRICS_TOKEN opens it (404 while unset, as in tests): no session or API token does.
  "metrics GET": { expect: all(404, 401, 403), url: () => "/api/metrics" },
  // MCP: a request that is not JSON-RPC (this empty POST) is refused by the transport alike for all;
  // the tools' own authorization is tests/integration/agents/mcp.test.ts.
  "mcp POST": { expect: all(406), url: () => "/api/mcp", body: () => ({}) },
  "v1/leaderboard GET": { expect: all(200), url: () => "/api/v1/leaderboard" },
  "v1/leaderboard.csv GET": { expect: all(200), url: () => "/api/v1/leaderboard.csv" },
  "v1/snapshots GET": { expect: all(200), url: () => "/api/v1/snapshots" },
  // Public; the test deployment has no judge, so there is no card: 404 for everyone.
  "v1/judge/card GET": { expect: all(404), url: () => "/api/v1/judge/card" },
  // A submission id is no snapshot id: 404 for everyone (snapshots are public, tested in leaderboard/snapshots).
  "v1/snapshots/[id] GET": { expect: all(404), subject: pending, url: (s) => `/api/v1/snapshots/${s.id}` },
  "v1/snapshots/[id]/board.json GET": {
    expect: all(404),
    subject: pending,
    url: (s) => `/api/v1/snapshots/${s.id}/board.json`,
  },
  "v1/snapshots/[id]/board.csv GET": {
    expect: all(404),
    subject: pending,
    url: (s) => `/api/v1/snapshots/${s.id}/board.csv`,
  },
  "v1/snapshots/[id]/archive GET": {
    expect: all(404),
    subject: pending,
    url: (s) => `/api/v1/snapshots/${s.id}/archive`,
  },
  // A submission id is no snapshot: the admin gets 404, everyone else is refused first.
  "v1/admin/snapshots/[id]/doi PUT": {
    scope: "admin",
    expect: { ...deny, admin: [404] },
    subject: pending,
    url: (s) => `/api/v1/admin/snapshots/${s.id}/doi`,
    body: () => ({ doi: "10.5281/zenodo.1" }),
    write: true,
  },
  // The question explorer and its gold reports are public; no question has this id.
  "v1/questions GET": { expect: all(200), url: () => "/api/v1/questions" },
  "v1/questions/[split]/[dialogue]/[session]/[index] GET": {
    expect: all(404),
    url: () => "/api/v1/questions/dyadic/dialogue999/session9/9",
  },
  "v1/questions/[split]/[dialogue]/[session]/[index]/reports GET": {
    expect: all(404),
    url: () => "/api/v1/questions/dyadic/dialogue999/session9/9/reports",
  },
  "v1/questions/[split]/[dialogue]/[session]/[index]/reports POST": {
    scope: "submit",
    expect: { anon: [401], owner: [422], other: [422], admin: [422] },
    url: () => "/api/v1/questions/dyadic/dialogue999/session9/9/reports",
    body: () => ({}),
    write: true,
  },
  "v1/admin/gold-reports/[id] POST": {
    scope: "admin",
    expect: { ...deny, admin: [404] },
    subject: pending,
    url: (s) => `/api/v1/admin/gold-reports/${s.id}`,
    body: () => ({ action: "accept" }),
    write: true,
  },
  "v1/openapi.json GET": { expect: all(200), url: () => "/api/v1/openapi.json" },
  // The public entry API shows approved entries only, to everyone alike (admins included).
  "v1/entries/[id] GET": { expect: all(404), subject: pending, url: (s) => `/api/v1/entries/${s.id}` },
  // Issue 49: disputes. Public threads of approved entries; opening needs a verified account (the
  // matrix's are) that is not the owner; a made-up dispute id is 404 to whoever may act on one.
  "v1/entries/[id]/disputes GET": {
    expect: all(200),
    subject: approved,
    url: (s) => `/api/v1/entries/${s.id}/disputes`,
  },
  "v1/entries/[id]/disputes POST": {
    scope: "submit",
    expect: { anon: [401], owner: [403], other: [201, 429], admin: [201] },
    subject: approved,
    url: (s) => `/api/v1/entries/${s.id}/disputes`,
    body: () => ({ type: "other", statement: "The conditions differ from the paper's." }),
    write: true,
  },
  "v1/entries/[id]/disputes/[disputeId]/replies POST": {
    scope: "submit",
    expect: { anon: [401], owner: [404], other: [404], admin: [404] },
    subject: approved,
    url: (s) => `/api/v1/entries/${s.id}/disputes/c000000000000000000000000/replies`,
    body: () => ({ body: "Our answer." }),
    write: true,
  },
  "v1/admin/disputes/[disputeId]/resolve POST": {
    scope: "admin",
    expect: adminOnly(404),
    url: () => "/api/v1/admin/disputes/c000000000000000000000000/resolve",
    body: () => ({ resolution: "no_action", note: "Nothing to change." }),
  },
  "v1/admin/disputes/[disputeId]/hide POST": {
    scope: "admin",
    expect: adminOnly(404),
    url: () => "/api/v1/admin/disputes/c000000000000000000000000/hide",
    body: () => ({ reason: "Abusive." }),
  },
  // Public files and judge scores exist only for approved entries whose author made them public.
  "v1/entries/[id]/files/[split] GET": {
    expect: all(404),
    subject: approved,
    url: (s) => `/api/v1/entries/${s.id}/files/dyadic`,
  },
  "v1/entries/[id]/judge-scores GET": {
    expect: all(404),
    subject: approved,
    url: (s) => `/api/v1/entries/${s.id}/judge-scores`,
  },
  // Issue 34: exports, rank history and claims are public and show only entries that were approved.
  "v1/entries/[id]/eee.json GET": {
    expect: all(404),
    subject: pending,
    url: (s) => `/api/v1/entries/${s.id}/eee.json`,
  },
  "v1/entries/[id]/eee-samples.jsonl GET": {
    expect: all(404),
    subject: approved,
    url: (s) => `/api/v1/entries/${s.id}/eee-samples.jsonl`,
  },
  "v1/entries/[id]/hf-eval-results.yaml GET": {
    expect: all(404),
    subject: pending,
    url: (s) => `/api/v1/entries/${s.id}/hf-eval-results.yaml`,
  },
  "v1/entries/[id]/rank-history GET": {
    expect: all(404),
    subject: pending,
    url: (s) => `/api/v1/entries/${s.id}/rank-history`,
  },
  "v1/claims/verify GET": {
    expect: all(404),
    subject: pending,
    url: (s) => `/api/v1/claims/verify?entry=${s.id}&rank=1&date=2026-06`,
  },
  "v1/entries/[id]/badge.json GET": {
    expect: all(404),
    subject: pending,
    url: (s) => `/api/v1/entries/${s.id}/badge.json`,
  },
  "v1/entries/[id]/receipt GET": {
    expect: all(404),
    subject: pending,
    url: (s) => `/api/v1/entries/${s.id}/receipt`,
  },
  "v1/submissions GET": {
    scope: "read",
    expect: { anon: [401], owner: [200], other: [200], admin: [200] },
    url: () => "/api/v1/submissions",
  },
  // The owner's subjects use up its daily quota, which is checked before the (empty) body is read.
  "v1/submissions POST": {
    scope: "submit",
    expect: { anon: [401], owner: [400, 429], other: [400], admin: [400] },
    url: () => "/api/v1/submissions",
    body: () => new FormData(),
  },
  "v1/submissions/[id] GET": {
    scope: "read",
    expect: { anon: [401], owner: [200], other: [404], admin: [200] },
    subject: pending,
    url: (s) => `/api/v1/submissions/${s.id}`,
  },
  "v1/submissions/[id]/files/[split] GET": {
    scope: "read",
    expect: { anon: [401], owner: [200], other: [404], admin: [200] },
    subject: pending,
    url: (s) => `/api/v1/submissions/${s.id}/files/dyadic`,
  },
  "v1/submissions/[id]/retry POST": {
    scope: "submit",
    expect: { anon: [401], owner: [202], other: [404], admin: [202] },
    subject: { status: "FAILED", reviewState: "PENDING" },
    url: (s) => `/api/v1/submissions/${s.id}/retry`,
    body: () => ({ stage: "lexical" }),
    write: true,
  },
  // Only the author may publish the files (admins neither: it is the author's decision).
  "v1/submissions/[id]/public-predictions POST": {
    scope: "publish",
    expect: { anon: [401], owner: [200], other: [404], admin: [404] },
    subject: pending,
    url: (s) => `/api/v1/submissions/${s.id}/public-predictions`,
    write: true,
  },
  // Webhooks are per account: a token or session lists its own; an id that is not the caller's
  // endpoint (here: a submission id) is 404 for everyone, admins included.
  "v1/webhooks GET": {
    scope: "read",
    expect: { anon: [401], owner: [200], other: [200], admin: [200] },
    url: () => "/api/v1/webhooks",
  },
  "v1/webhooks POST": {
    scope: "webhooks",
    expect: { anon: [401], owner: [422], other: [422], admin: [422] },
    url: () => "/api/v1/webhooks",
    body: () => ({}),
    write: true,
  },
  "v1/webhooks/[id] DELETE": {
    scope: "webhooks",
    expect: { anon: [401], owner: [404], other: [404], admin: [404] },
    subject: pending,
    url: (s) => `/api/v1/webhooks/${s.id}`,
    write: true,
  },
  "v1/webhooks/[id]/secret POST": {
    scope: "webhooks",
    expect: { anon: [401], owner: [404], other: [404], admin: [404] },
    subject: pending,
    url: (s) => `/api/v1/webhooks/${s.id}/secret`,
    write: true,
  },
  "v1/webhooks/[id]/test POST": {
    scope: "webhooks",
    expect: { anon: [401], owner: [404], other: [404], admin: [404] },
    subject: pending,
    url: (s) => `/api/v1/webhooks/${s.id}/test`,
    write: true,
  },
  "v1/admin/submissions GET": {
    scope: "admin",
    expect: adminOnly(200),
    url: () => "/api/v1/admin/submissions?review=all",
  },
  "v1/admin/submissions/[id] GET": {
    scope: "admin",
    expect: adminOnly(200),
    subject: pending,
    url: (s) => `/api/v1/admin/submissions/${s.id}`,
  },
  "v1/admin/submissions/[id] PATCH": {
    scope: "admin",
    expect: adminOnly(200),
    subject: pending,
    url: (s) => `/api/v1/admin/submissions/${s.id}`,
    body: () => ({ methodName: "Renamed" }),
    write: true,
  },
  "v1/admin/submissions/[id]/approve POST": {
    scope: "admin",
    expect: adminOnly(200),
    subject: pending,
    url: (s) => `/api/v1/admin/submissions/${s.id}/approve`,
    write: true,
  },
  "v1/admin/submissions/[id]/reject POST": {
    scope: "admin",
    expect: adminOnly(200),
    subject: pending,
    url: (s) => `/api/v1/admin/submissions/${s.id}/reject`,
    body: () => ({ reason: "not reproducible" }),
    write: true,
  },
  "v1/admin/submissions/[id]/rescore POST": {
    scope: "admin",
    expect: adminOnly(202),
    subject: pending,
    url: (s) => `/api/v1/admin/submissions/${s.id}/rescore`,
    body: () => ({ stage: "both" }),
    write: true,
  },
  "v1/admin/submissions/[id]/unpublish POST": {
    scope: "admin",
    expect: adminOnly(200),
    subject: approved,
    url: (s) => `/api/v1/admin/submissions/${s.id}/unpublish`,
    body: () => ({ note: "duplicate entry" }),
    write: true,
  },
  "v1/admin/submissions/[id]/baseline POST": {
    scope: "admin",
    expect: adminOnly(200),
    subject: approved,
    url: (s) => `/api/v1/admin/submissions/${s.id}/baseline`,
    body: () => ({ isBaseline: true }),
    write: true,
  },
  "v1/admin/submissions/[id]/track POST": {
    scope: "admin",
    expect: adminOnly(200),
    subject: pending,
    url: (s) => `/api/v1/admin/submissions/${s.id}/track`,
    body: () => ({ track: "full-context", note: "top-k covers every session" }),
    write: true,
  },
  "v1/admin/submissions/bulk POST": {
    scope: "admin",
    expect: adminOnly(200),
    subject: pending,
    url: () => "/api/v1/admin/submissions/bulk",
    body: (s) => ({ ids: [s.id], decision: "approve" }),
    write: true,
  },
  "v1/admin/users/[id]/role POST": {
    scope: "admin",
    expect: adminOnly(200),
    subject: pending,
    url: (s) => `/api/v1/admin/users/${s.victimId}/role`,
    body: () => ({ role: "ADMIN" }),
    write: true,
  },
  // Public: whether submissions are open. Changing it is for admins (resuming while open changes nothing).
  "v1/admin/submissions-pause GET": { expect: all(200), url: () => "/api/v1/admin/submissions-pause" },
  "v1/admin/submissions-pause PUT": {
    scope: "admin",
    expect: adminOnly(200),
    url: () => "/api/v1/admin/submissions-pause",
    body: () => ({ paused: false }),
    write: true,
  },
  "v1/admin/audit GET": { scope: "admin", expect: adminOnly(200), url: () => "/api/v1/admin/audit" },
  "v1/admin/scorer-versions GET": {
    scope: "admin",
    expect: adminOnly(200),
    url: () => "/api/v1/admin/scorer-versions",
  },
  // A dry run: the admin's call changes nothing in the shared test database.
  "v1/admin/scorer-versions/rejudge POST": {
    scope: "admin",
    expect: adminOnly(200),
    url: () => "/api/v1/admin/scorer-versions/rejudge",
    body: () => ({ dryRun: true }),
    write: true,
  },
  // A version without scores: the admin gets 404 and the board stays as it is.
  "v1/admin/scorer-versions/publish POST": {
    scope: "admin",
    expect: { ...deny, admin: [404] },
    url: () => "/api/v1/admin/scorer-versions/publish",
    body: () => ({ version: "authz-no-such-version", force: true }),
    write: true,
  },
};

let seq = 0;
export async function makeSubject(ownerId: string, state: NonNullable<Case["subject"]>): Promise<Subject> {
  const s = await db.submission.create({
    data: {
      userId: ownerId,
      methodName: `authz-secret-method-${Date.now()}-${seq++}`,
      status: state.status,
      reviewState: state.reviewState,
      failureStage: state.status === "FAILED" ? "lexical" : null,
      failureReason: state.status === "FAILED" ? "private failure detail" : null,
      contentSha256: randomBytes(32).toString("hex"),
      files: {
        create: {
          split: "dyadic",
          fileName: "prediction_dyadic.json",
          sha256: randomBytes(32).toString("hex"),
          size: 2,
          content: new Uint8Array([123, 125]),
        },
      },
    },
  });
  // A throwaway account for role changes, so the matrix never promotes the users it tests with.
  const victim = await db.user.create({ data: { email: `authz-victim-${s.id}@api-test.local` } });
  return { id: s.id, ownerId, victimId: victim.id };
}

/** What a denied caller must not see or change: the row's decision fields, its audit trail and the owner's role. */
export async function snapshot(s: Subject): Promise<string> {
  const [row, events, owner] = await Promise.all([
    db.submission.findUnique({
      where: { id: s.id },
      select: {
        status: true,
        reviewState: true,
        isBaseline: true,
        methodName: true,
        reviewReason: true,
        publicPredictions: true,
      },
    }),
    db.auditEvent.count({ where: { targetId: { in: [s.id, s.victimId] } } }),
    db.user.findUnique({ where: { id: s.victimId }, select: { role: true } }),
  ]);
  return JSON.stringify({ row, events, owner });
}
