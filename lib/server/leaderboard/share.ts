import "server-only";
import { db } from "../db";
import { env } from "../env";
import { isAppError } from "../errors";
import { getPublicEntry } from "./entries";
import { entryStanding } from "./entry-standing";

export type EntryHeadline = {
  id: string;
  methodName: string;
  organization: string | null;
  metric: "judge" | "f1";
  value: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  rank: number | null;
  tied: boolean;
  of: number;
};

export async function entryHeadline(id: string): Promise<EntryHeadline | null> {
  const entry = await getPublicEntry(id).catch((e: unknown) => {
    if (isAppError(e) && (e.code === "NOT_FOUND" || e.code === "GONE")) return null;
    throw e;
  });
  if (!entry) return null;
  const metric = entry.scores.some((r) => r.metric === "judge") ? "judge" : "f1";
  const all = (await entryStanding(entry.id, metric, "overall")).rows.find((r) => r.scope === "ALL");
  return {
    id: entry.id,
    methodName: entry.methodName,
    organization: entry.organization,
    metric,
    value: all?.cell?.value ?? null,
    ciLow: all?.cell?.ciLow ?? null,
    ciHigh: all?.cell?.ciHigh ?? null,
    rank: all?.rank ?? null,
    tied: all?.tied ?? false,
    of: all?.of ?? 0,
  };
}

export function headlineText(h: EntryHeadline): string {
  if (h.value === null) return "Not ranked yet under the published scorer version";
  const ci = h.ciLow !== null && h.ciHigh !== null ? ` [${h.ciLow.toFixed(3)}, ${h.ciHigh.toFixed(3)}]` : "";
  const rank = h.rank !== null ? `#${h.rank}${h.tied ? " (tied)" : ""} of ${h.of} · ` : "";
  return `${rank}${h.metric === "judge" ? "judge" : "F1"} ${h.value.toFixed(3)}${ci}`;
}

// Anything next/og's bundled font cannot draw would make it fetch fonts on every render.
const DRAWABLE = /[^\u0020-\u007e\u00a0-\u017f\u2013\u2014\u2018\u2019\u201c\u201d\u2026]/gu;

export function drawableText(text: string): string {
  return text.replace(DRAWABLE, " ").replace(/\s+/g, " ").trim();
}

/** AUTH_URL when set, else the request's host. */
export function publicOrigin(h: Headers): string {
  if (env.AUTH_URL) return new URL(env.AUTH_URL).origin;
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "http";
  const host = h.get("x-forwarded-host")?.split(",")[0]?.trim() ?? h.get("host") ?? "localhost";
  return `${proto}://${host}`;
}

export async function sitemapEntries(): Promise<Array<{ id: string; lastModified: Date }>> {
  const rows = await db.submission.findMany({
    where: { reviewState: "APPROVED" },
    select: { id: true, reviewedAt: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({ id: r.id, lastModified: r.reviewedAt ?? r.createdAt }));
}
