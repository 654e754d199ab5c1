import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RICH_TAGS } from "@/components/ui/rich-text";
import { boardStatus } from "@/lib/server/leaderboard/board-status";

// The board says what it shows while a newer key or scorer version waits to be published (issue 32);
// admins (board, review queue, Answer key page) also get the way to publish it, with its coverage.
export async function BoardStatusNote({ admin = false }: { admin?: boolean }) {
  const status = await boardStatus();
  if (!status.pending) return null;
  const t = await getTranslations("boardStatus");
  const { published, pending } = status;
  return (
    <div
      role="status"
      className="max-w-4xl space-y-1 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid="board-status"
    >
      <p>
        {t.rich("shows", { ...RICH_TAGS, version: published.version, key: published.key?.label ?? "none" })}{" "}
        {pending.newKey
          ? t("preparingKey", { key: pending.key?.label ?? "none" })
          : t.rich("preparingVersion", { ...RICH_TAGS, version: pending.version })}
      </p>
      {admin ? (
        <p data-testid="board-status-admin">
          {t.rich("admin", {
            scored: String(pending.scored),
            approved: String(pending.approved),
            link: (c) => (
              <Link href="/admin/rescore" className="font-semibold">
                {c}
              </Link>
            ),
          })}
        </p>
      ) : null}
    </div>
  );
}
