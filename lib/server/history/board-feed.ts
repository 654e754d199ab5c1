import "server-only";
import { z } from "zod";
import { aggregateSchema, boardMetricSchema, boardSplitSchema } from "../leaderboard/params";
import { historyScopeSchema, snapshotIndex, viewChanges, viewTables } from "./snapshot-history";
import { snapshotLinks, type SnapshotReason } from "./snapshots";
import { snapshotDois } from "./snapshot-doi";

// `event=new-best` gives the moments an entry took rank 1 in one view.

export const FEED_PATH = "/feeds/board.atom";
const MAX_ITEMS = 100;

export const feedQuerySchema = z.object({
  event: z.enum(["all", "new-best"]).default("all"),
  split: boardSplitSchema.default("overall"),
  category: historyScopeSchema.default("ALL"),
  metric: boardMetricSchema.default("f1"),
  aggregate: aggregateSchema.default("micro"),
});
type FeedQuery = z.infer<typeof feedQuerySchema>;

type FeedEvent = "publish" | "withdrawal" | "re-score" | "update" | "new-best" | "dispute";
const EVENT_OF_REASON: Record<SnapshotReason, Exclude<FeedEvent, "new-best" | "dispute">> = {
  approve: "publish",
  withdraw: "withdrawal",
  unpublish: "withdrawal",
  reject: "withdrawal",
  purge: "withdrawal",
  publish: "re-score",
  rescore: "re-score",
  metadata: "update",
  baseline: "update",
};

type Item = {
  fragment: string;
  event: FeedEvent;
  title: string;
  summary: string;
  date: Date;
  /** Board changes; a dispute's step has none and is identified by its entry. */
  snapshot?: string;
  entry?: string;
};
/** A step of a dispute's thread (lib/server/disputes/, a layer above: the route passes them in). */
export type DisputeStep = { fragment: string; title: string; summary: string; date: Date; entry: string };
// Every scored entry has the headline view.
const HEADLINE = { track: "memory", split: "overall", metric: "f1", aggregate: "micro", scope: "ALL" } as const;
const names = (rows: Array<{ methodName: string }>) => rows.map((r) => r.methodName).join(", ");

async function changeItems(): Promise<Item[]> {
  // The one before the oldest item shown is read too: it says what that item changed.
  const snaps = (await snapshotIndex()).slice(-MAX_ITEMS - 1);
  const changes = await viewChanges(
    snaps.map((s) => s.id),
    HEADLINE,
  );
  const skip = snaps.length > MAX_ITEMS ? 1 : 0;
  return snaps.slice(skip).map((s, i) => {
    const { added, removed, first, ranked } = changes[i + skip]!;
    const event = EVENT_OF_REASON[s.reason as SnapshotReason] ?? "re-score";
    const title =
      event === "publish" && added.length > 0
        ? `Published: ${names(added)}`
        : event === "withdrawal" && removed.length > 0
          ? `Withdrawn: ${names(removed)}`
          : event === "re-score"
            ? `Re-scored under ${s.scorerVersion}`
            : `Board updated (${s.reason})`;
    const summary = `${title}. ${ranked} ranked entries; first on overall F1 (micro): ${names(first) || "none"}. Scorer version ${s.scorerVersion}.`;
    const entry = event === "publish" ? added[0]?.id : event === "withdrawal" ? removed[0]?.id : undefined;
    return { fragment: event, event, title, summary, date: s.createdAt, snapshot: s.id, entry };
  });
}

async function newBestItems(q: FeedQuery): Promise<Item[]> {
  const snaps = await snapshotIndex();
  // Rank 1 only: one indexed read however many entries a snapshot ranks.
  const tables = await viewTables(
    snaps.map((s) => s.id),
    // The memory track: the feed's fragment ids predate tracks and stay valid.
    { track: "memory", split: q.split, metric: q.metric, aggregate: q.aggregate, scope: q.category },
    1,
  );
  const where = `${q.split} / ${q.category === "ALL" ? "all categories" : q.category} / ${q.metric} (${q.aggregate})`;
  return snaps.flatMap((s, i) => {
    const wasFirst = new Set((i > 0 ? tables[i - 1]! : []).filter((r) => r.rank === 1).map((r) => r.id));
    return tables[i]!.filter((r) => r.rank === 1 && !wasFirst.has(r.id)).map((r) => ({
      fragment: `new-best/${q.split}/${q.category}/${q.metric}/${q.aggregate}/${r.id}`,
      event: "new-best" as const,
      title: `${r.methodName} took rank 1 on ${where}`,
      summary: `${r.methodName} ranked first${r.tied ? " (tied)" : ""} on ${where} with ${r.value.toFixed(4)}, scorer version ${s.scorerVersion}.`,
      date: s.createdAt,
      snapshot: s.id,
      entry: r.id,
    }));
  });
}

// Characters XML 1.0 forbids (C0 but tab, LF, CR; lone surrogates; U+FFFE/F), and C1, which it
// discourages: names stored before control characters were refused still make a valid feed.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/gu;

/** Text or attribute value for the feed: escaped, with non-XML characters replaced by U+FFFD. */
export const xmlText = (s: string) =>
  s
    .replace(NOT_XML, "\ufffd")
    .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
const esc = xmlText;

/** Atom ids and links are IRIs: `origin` makes them absolute. `disputes` join the board changes (event=all). */
export async function boardFeed(
  q: FeedQuery,
  origin: string,
  selfQuery: string,
  disputes: DisputeStep[] = [],
): Promise<string> {
  const all: Item[] =
    q.event === "new-best"
      ? await newBestItems(q)
      : [...(await changeItems()), ...disputes.map((d) => ({ ...d, event: "dispute" as const }))].sort(
          (a, b) => a.date.getTime() - b.date.getTime(),
        );
  const items = all.slice(-MAX_ITEMS).reverse();
  const updated = (items[0]?.date ?? new Date(0)).toISOString();
  const self = `${origin}${FEED_PATH}${selfQuery ? `?${selfQuery}` : ""}`;
  const title = q.event === "new-best" ? "H2HMem leaderboard: new rank 1" : "H2HMem leaderboard: board changes";
  // An archive an admin deposited is cited by its DOI (snapshot-doi.ts).
  const dois = await snapshotDois(items.flatMap((it) => (it.snapshot ? [it.snapshot] : [])));
  const entries = items.map((it) => {
    const permalink = it.snapshot ? `${origin}${snapshotLinks(it.snapshot).self}` : null;
    const doi = it.snapshot ? dois.get(it.snapshot) : undefined;
    return [
      "  <entry>",
      `    <id>${esc(`${permalink ?? `${origin}/entries/${it.entry}`}#${it.fragment}`)}</id>`,
      `    <title>${esc(it.title)}</title>`,
      `    <updated>${it.date.toISOString()}</updated>`,
      `    <published>${it.date.toISOString()}</published>`,
      // A reader opens the alternate: an HTML page (the entry, else the board); the snapshot's JSON is related.
      `    <link rel="alternate" type="text/html" href="${esc(it.entry ? `${origin}/entries/${it.entry}` : `${origin}/`)}"/>`,
      permalink ? `    <link rel="related" type="application/json" href="${esc(permalink)}"/>` : null,
      doi ? `    <link rel="related" title="DOI" href="${esc(`https://doi.org/${doi}`)}"/>` : null,
      `    <category term="${it.event}"/>`,
      `    <summary type="text">${esc(doi ? `${it.summary} DOI ${doi}.` : it.summary)}</summary>`,
      "  </entry>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${esc(self)}</id>`,
    `  <title>${esc(title)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${esc(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${esc(`${origin}/`)}"/>`,
    "  <author><name>H2HMem Leaderboard</name></author>",
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
