import { useLocale, useTranslations } from "next-intl";
import type { Tombstone } from "@/lib/server/leaderboard/tombstones";
import { formatter } from "@/lib/i18n/format";
import { ViewLink } from "./view-link";

/** The board's "withdrawn" filter: every entry taken off the board, with the reason given. */
export function WithdrawnTable({ rows }: { rows: Tombstone[] }) {
  const t = useTranslations("board.withdrawn");
  const f = formatter(useLocale());
  if (rows.length === 0) return <p className="rounded border border-slate-200 p-4 dark:border-slate-800" data-testid="withdrawn-empty">{t("empty")}</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("label")}>
      <table className="min-w-full border-collapse text-sm [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1" data-testid="withdrawn">
        <caption className="sr-only">{t("caption")}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            {(["method", "organization", "submitted", "approved", "removed", "by", "reason"] as const).map((k) => <th key={k} scope="col">{t(k)}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((w) => (
            <tr key={w.id} className="border-b border-slate-100 dark:border-slate-800" data-testid="withdrawn-row">
              <th scope="row" className="text-left font-normal"><ViewLink href={`/entries/${w.id}`}>{w.methodName}</ViewLink></th>
              <td>{w.organization ?? "–"}</td>
              <td className="whitespace-nowrap">{f.date(w.createdAt)}</td>
              <td className="whitespace-nowrap">{f.date(w.approvedAt)}</td>
              <td className="whitespace-nowrap">{f.date(w.removedAt)}</td>
              <td>{t(w.removedBy === "author" ? "author" : "administrator")}</td>
              <td className="max-w-xl">{w.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
