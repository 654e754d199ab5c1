import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BulkForm } from "@/app/(site)/admin/_components/bulk-form";
import { JudgeBudgetNote } from "@/app/(site)/admin/_components/judge-budget-note";
import { ReviewCard } from "@/app/(site)/admin/_components/review-card";
import { OpenDisputes } from "@/app/(site)/admin/_components/open-disputes";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { listForReview, reviewFilterSchema } from "@/lib/server/review/review-queue";
import { BoardStatusNote } from "@/components/leaderboard/board-status-note";
import { pageTitle, type SearchParams } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("admin.title");

const FILTERS = ["pending", "approved", "rejected", "withdrawn", "all"] as const;

export default async function AdminPage({ searchParams }: { searchParams: SearchParams }) {
  await adminPageGuard();
  const sp = await searchParams;
  const review = reviewFilterSchema.parse(typeof sp.review === "string" ? sp.review : "pending");
  const [subs, t] = await Promise.all([listForReview(review), getTranslations("admin")]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("reviewHeading")}</h1>
      <BoardStatusNote admin />
      <JudgeBudgetNote />
      <OpenDisputes />
      <nav aria-label={t("filterLabel")}>
        <ul className="flex flex-wrap gap-3 text-sm">
          {FILTERS.map((f) => (
            <li key={f}>
              <Link
                href={`/admin?review=${f}`}
                aria-current={f === review ? "page" : undefined}
                className={f === review ? "font-semibold" : undefined}
              >
                {t(`filters.${f}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {subs.some((s) => s.reviewState === "PENDING" || s.reviewState === "APPROVED") ? <BulkForm /> : null}
      {subs.length === 0 ? <p>{t("nothingToReview")}</p> : subs.map((s) => <ReviewCard key={s.id} s={s} />)}
    </div>
  );
}
