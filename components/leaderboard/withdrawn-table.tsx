import type { Tombstone } from "@/lib/server/leaderboard/tombstones";
import { fmtDate } from "@/components/ui/format";
import { ViewLink } from "./view-link";

/** The board's "withdrawn" filter: every entry taken off the board, with the reason given. */
export function WithdrawnTable({ rows }: { rows: Tombstone[] }) {
  if (rows.length === 0) return <p className="rounded border border-slate-200 p-4 dark:border-slate-800" data-testid="withdrawn-empty">No entry has been withdrawn or unpublished.</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Withdrawn entries">
      <table className="min-w-full border-collapse text-sm [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1" data-testid="withdrawn">
        <caption className="sr-only">Entries withdrawn by their authors or unpublished by an administrator</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col">Method</th><th scope="col">Organization</th><th scope="col">Submitted</th><th scope="col">Approved</th>
            <th scope="col">Removed</th><th scope="col">By</th><th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.id} className="border-b border-slate-100 dark:border-slate-800" data-testid="withdrawn-row">
              <th scope="row" className="text-left font-normal"><ViewLink href={`/entries/${t.id}`}>{t.methodName}</ViewLink></th>
              <td>{t.organization ?? "–"}</td>
              <td className="whitespace-nowrap">{fmtDate(t.createdAt)}</td>
              <td className="whitespace-nowrap">{fmtDate(t.approvedAt)}</td>
              <td className="whitespace-nowrap">{fmtDate(t.removedAt)}</td>
              <td>{t.removedBy === "author" ? "author" : "administrator"}</td>
              <td className="max-w-xl">{t.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
