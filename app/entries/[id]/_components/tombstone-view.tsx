import Link from "next/link";
import { tombstoneMessage, type Tombstone } from "@/lib/server/leaderboard/tombstones";
import { fmtDate } from "@/components/ui/format";

/** The permanent link of an entry taken off the board: what it was, when, and why. */
export function TombstoneView({ t }: { t: Tombstone }) {
  const facts: Array<[string, string]> = [
    ["Method", t.methodName],
    ["Organization", t.organization ?? "–"],
    ["Submitted", fmtDate(t.createdAt)],
    ["Approved", fmtDate(t.approvedAt)],
    [t.removedBy === "author" ? "Withdrawn by its author" : "Unpublished by an administrator", fmtDate(t.removedAt)],
  ];
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold" data-testid="entry-title">{t.methodName} (withdrawn)</h1>
      <p role="status" data-testid="entry-gone">{tombstoneMessage(t)}</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm" data-testid="tombstone">
        {facts.map(([k, v]) => (
          <div key={k} className="contents"><dt className="text-slate-600 dark:text-slate-400">{k}</dt><dd>{v}</dd></div>
        ))}
      </dl>
      <p><Link href="/?status=withdrawn" className="underline">All withdrawn entries</Link> · <Link href="/" className="underline">Back to the leaderboard</Link></p>
    </div>
  );
}
