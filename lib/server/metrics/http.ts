import "server-only";
import { randomUUID } from "node:crypto";
import { logger, withLogContext } from "../logger";
import { recordHttpRequest } from "./registry";

const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function requestIdFrom(headers: Headers): string {
  const given = headers.get("x-request-id")?.trim();
  return given && SANE_ID.test(given) ? given : randomUUID();
}

/** The route pattern, not the raw path, so the route label has one value per route file. */
export function routePattern(pathname: string, params: Record<string, unknown> | undefined): string {
  const segments = pathname.split("/").map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  const out = [...segments];
  for (const [name, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value) && value.length > 0) {
      const at = findRun(out, value.map(String));
      if (at >= 0) out.splice(at, value.length, `[...${name}]`, ...Array<string>(value.length - 1).fill("\0"));
    } else if (typeof value === "string" && value !== "") {
      const at = out.lastIndexOf(value);
      if (at > 0) out[at] = `[${name}]`;
    }
  }
  return out.filter((s) => s !== "\0").join("/") || "/";
}

function findRun(segments: string[], run: string[]): number {
  // From the end: dynamic segments follow the static prefix (`/api/v1/...`).
  for (let i = segments.length - run.length; i > 0; i--) if (run.every((v, j) => segments[i + j] === v)) return i;
  return -1;
}

function withRequestId(res: Response, id: string): Response {
  try {
    res.headers.set("x-request-id", id);
    return res;
  } catch {
    // Immutable headers (e.g. Response.redirect): copy the response.
    const copy = new Response(res.body, res);
    copy.headers.set("x-request-id", id);
    return copy;
  }
}

export async function instrumentRequest(
  req: Request,
  params: Promise<unknown> | undefined,
  handle: () => Promise<Response>,
): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
  const started = performance.now();
  return withLogContext({ requestId }, async () => {
    const res = await handle();
    const seconds = (performance.now() - started) / 1000;
    let route: string;
    const { pathname } = new URL(req.url);
    try {
      route = routePattern(pathname, (await params) as Record<string, unknown> | undefined);
    } catch {
      route = pathname;
    }
    const fields = {
      method: req.method,
      route,
      path: pathname,
      status: res.status,
      durationMs: Math.round(seconds * 10_000) / 10,
    };
    if (res.status >= 500) logger.warn(fields, "request failed");
    else logger.info(fields, "request");
    recordHttpRequest({ route, method: req.method, status: res.status, seconds });
    return withRequestId(res, requestId);
  });
}
