import "server-only";
import { ZodError } from "zod";
import { getToken } from "next-auth/jwt";
import { loadSessionUser } from "./auth/session";
import type { SessionUser } from "./auth/config";
import { db } from "./db";
import { env } from "./env";
import { isDatabaseUnavailable } from "./db-errors";
import { AppError, isAppError, type ActionResult, zodDetails } from "./errors";
import { currentLogContext, logger } from "./logger";
import { instrumentRequest } from "./metrics/http";
import { verifyApiToken } from "./auth/api-tokens";
import type { TokenScope } from "@/generated/prisma/enums";

// `route()` maps AppError to the documented error shape and turns anything else into a logged, not leaked, 500.

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("cache-control", headers.get("cache-control") ?? "no-store");
  headers.set("x-content-type-options", "nosniff");
  return new Response(JSON.stringify(data), { ...init, headers });
}

function toAppError(e: unknown): AppError {
  if (isAppError(e)) return e;
  if (e instanceof ZodError) {
    return new AppError("BAD_REQUEST", "Invalid request.", { details: zodDetails(e.issues) });
  }
  if (isDatabaseUnavailable(e)) {
    logger.warn({ err: e }, "database unavailable");
    return new AppError(
      "UNAVAILABLE",
      "The database is temporarily unavailable. Nothing was changed; please retry in a few seconds.",
      { retryAfterSeconds: 5 },
    );
  }
  // The request's X-Request-Id, so a user's report leads to every log line.
  const id = currentLogContext()?.requestId ?? crypto.randomUUID();
  logger.error({ err: e, errorId: id }, "internal error");
  return new AppError("INTERNAL", `Internal error (reference ${id}).`);
}

function errorResponse(e: unknown): Response {
  const err = toAppError(e);
  const headers: Record<string, string> = {};
  if ((err.code === "RATE_LIMITED" || err.code === "UNAVAILABLE") && err.retryAfterSeconds)
    headers["retry-after"] = String(err.retryAfterSeconds);
  if (err.code === "UNAUTHORIZED") headers["www-authenticate"] = 'Bearer realm="h2hmem"';
  return json(err.toJSON(), { status: err.status, headers });
}

type RouteContext<P> = { params: Promise<P> };

export function route<P = Record<string, never>>(
  fn: (req: Request, ctx: RouteContext<P>) => Promise<Response>,
): (req: Request, ctx: RouteContext<P>) => Promise<Response> {
  return (req, ctx) =>
    instrumentRequest(req, ctx?.params, async () => {
      try {
        return await fn(req, ctx);
      } catch (e) {
        return errorResponse(e);
      }
    });
}

/** Server actions return a result object instead of throwing across the network boundary. */
export async function action<T>(fn: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await fn() };
  } catch (e) {
    const err = toAppError(e);
    return { ok: false, error: { code: err.code, message: err.message, details: err.details } };
  }
}

/** scopes null: a browser session, bound only by the role. */
export type ApiCaller = { user: SessionUser; scopes: readonly TokenScope[] | null };

export async function authenticate(req: Request): Promise<ApiCaller | null> {
  const header = req.headers.get("authorization");
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m) throw new AppError("UNAUTHORIZED", "Authorization header must be `Bearer <token>`.");
    const token = await verifyApiToken(m[1]!);
    const user = token
      ? await db.user.findUnique({
          where: { id: token.userId },
          select: { id: true, email: true, name: true, role: true },
        })
      : null;
    if (!user || !token) throw new AppError("UNAUTHORIZED", "Invalid, expired or revoked API token.");
    return { user, scopes: token.scopes };
  }
  const user = await sessionUserFromRequest(req);
  return user ? { user, scopes: null } : null;
}

/** Read from the Request, not next/headers, so handlers work the same when tests call them directly. */
async function sessionUserFromRequest(req: Request): Promise<SessionUser | null> {
  const cookie = req.headers.get("cookie") ?? "";
  if (!cookie.includes("authjs.session-token") || !env.AUTH_SECRET) return null;
  assertSameOrigin(req);
  const token = await getToken({
    req,
    secret: env.AUTH_SECRET,
    secureCookie: cookie.includes("__Secure-authjs.session-token"),
  });
  return loadSessionUser(typeof token?.uid === "string" ? token.uid : null, token?.sv);
}

/** A token without `scope` gets 403 before any lookup, so the answer reveals nothing. */
export async function requireApiUser(req: Request, scope: TokenScope): Promise<SessionUser> {
  return (await requireApiCaller(req, scope)).user;
}

export async function requireApiCaller(req: Request, scope: TokenScope): Promise<ApiCaller> {
  const caller = await authenticate(req);
  if (!caller) throw new AppError("UNAUTHORIZED", "Sign in or send `Authorization: Bearer <api token>`.");
  requireScope(caller, scope);
  return caller;
}

export function requireScope(caller: ApiCaller, scope: TokenScope): void {
  if (caller.scopes && !caller.scopes.includes(scope))
    throw new AppError("FORBIDDEN", `This API token lacks the \`${scope}\` scope.`);
}

export async function requireApiAdmin(req: Request): Promise<SessionUser> {
  const user = await requireApiUser(req, "admin");
  if (user.role !== "ADMIN") throw new AppError("FORBIDDEN", "Administrators only.");
  return user;
}

/** Defence in depth on top of SameSite=Lax. */
function assertSameOrigin(req: Request): void {
  if (req.method === "GET" || req.method === "HEAD") return;
  const origin = req.headers.get("origin");
  if (!origin) return;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new AppError("FORBIDDEN", "Cross-site request refused.");
  }
  if (host && originHost !== host) throw new AppError("FORBIDDEN", "Cross-site request refused.");
}
