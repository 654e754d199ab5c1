import type { RescorePreviewRow } from "@/lib/server/versions/rank-diff-preview";

// Rank of each approved entry under two scorer versions and how it would move (read-only).

const th = "px-2 py-1";
const cell = (c: RescorePreviewRow["from"]) => (c ? `${c.rank}${c.tied ? "=" : ""} (${c.value.toFixed(3)})` : "unranked");

export function JudgeRescoreTable({ rows }: { rows: RescorePreviewRow[] }) {
  if (rows.length === 0) return <p className="text-sm">No approved entry has a headline score under either version.</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Rank changes">
      <table className="min-w-full text-sm" data-testid="rescore-preview">
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className={th}>Entry</th>
            <th scope="col" className={th}>Rank now (score)</th>
            <th scope="col" className={th}>Rank after (score)</th>
            <th scope="col" className={th}>Move</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className={th}><a href={`/admin/submissions/${r.id}`}>{r.methodName}</a></td>
              <td className={th}>{cell(r.from)}</td>
              <td className={th}>{cell(r.to)}</td>
              <td className={th}>{r.move === null ? "–" : r.move > 0 ? `up ${r.move}` : r.move < 0 ? `down ${-r.move}` : "same"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
