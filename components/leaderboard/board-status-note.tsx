import Link from "next/link";
import type { ReactNode } from "react";
import { getLocale } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { RICH_TAGS } from "@/components/ui/rich-text";
import { boardStatus } from "@/lib/server/leaderboard/board-status";

function linkTo(href: string) {
  return function StatusLink(c: ReactNode) {
    return (
      <Link href={href} className="font-semibold">
        {c}
      </Link>
    );
  };
}

// Amber while the board shows an older version than the one prepared; neutral when it is current.
const TONES = {
  pending: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50",
  current: "border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100",
};

function Note({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div
      role="status"
      className={`max-w-4xl space-y-1 rounded border p-3 text-sm ${TONES[tone]}`}
      data-testid="board-status"
    >
      {children}
    </div>
  );
}

// The board says what it shows while a newer key or scorer version waits to be published (issue 32), or
// that a published key waits for its first approved entry (issue 45); admins (board, review queue, Answer
// key page) also get the way forward: publishing, with its coverage, or the review queue.
// Takes the locale so that it renders outside a page (tests) too.
export async function BoardStatusNote({ admin = false, locale }: { admin?: boolean; locale?: Locale }) {
  const [{ published, pending }, t] = await Promise.all([
    boardStatus(),
    translator(locale ?? ((await getLocale()) as Locale), "boardStatus"),
  ]);
  if (!pending) {
    if (published.approved > 0 || !published.key) return null;
    return (
      <Note tone="current">
        <p>{t("waiting", { key: published.key.label })}</p>
        {admin ? <p data-testid="board-status-admin">{t.rich("waitingAdmin", { link: linkTo("/admin") })}</p> : null}
      </Note>
    );
  }
  return (
    <Note tone="pending">
      <p>
        {t.rich("shows", { ...RICH_TAGS, version: published.version, key: published.key?.label ?? "none" })}{" "}
        {pending.newKey
          ? t("preparingKey", { key: pending.key?.label ?? "none", scoring: pending.inProgress > 0 ? "yes" : "no" })
          : t.rich("preparingVersion", { ...RICH_TAGS, version: pending.version })}
      </p>
      {admin ? (
        <p data-testid="board-status-admin">
          {t.rich("admin", {
            scored: String(pending.scored),
            approved: String(pending.approved),
            link: linkTo("/admin/rescore"),
          })}
        </p>
      ) : null}
    </Note>
  );
}
