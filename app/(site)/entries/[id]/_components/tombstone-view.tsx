import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import type { Tombstone } from "@/lib/server/leaderboard/tombstones";

export function TombstoneView({ t: stone }: { t: Tombstone }) {
  const t = useTranslations("entry.tombstone");
  const common = useTranslations("common");
  const f = formatter(useLocale());
  const facts: Array<[string, string]> = [
    [t("method"), stone.methodName],
    [t("organization"), stone.organization ?? "–"],
    [t("submitted"), f.date(stone.createdAt)],
    [t("approved"), f.date(stone.approvedAt)],
    [stone.removedBy === "author" ? t("byAuthor") : t("byAdmin"), f.date(stone.removedAt)],
  ];
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold" data-testid="entry-title">
        {t("title", { name: stone.methodName })}
      </h1>
      {/* The same sentence as the API's GONE error (tombstoneMessage), in the reader's language. */}
      <p role="status" data-testid="entry-gone">
        {t("gone", { reason: stone.reason })}
      </p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm" data-testid="tombstone">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link href="/?status=withdrawn" className="underline">
          {t("allWithdrawn")}
        </Link>{" "}
        ·{" "}
        <Link href="/" className="underline">
          {common("backToBoard")}
        </Link>
      </p>
    </div>
  );
}
