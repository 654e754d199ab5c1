import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ReviewCard } from "@/components/admin/review-card";
import { currentUser } from "@/lib/server/auth";
import { listForReview, reviewFilterSchema } from "@/lib/server/queries/admin";

export const metadata: Metadata = { title: "Admin" };

const FILTERS = ["pending", "approved", "rejected", "withdrawn", "all"] as const;

export default async function AdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await currentUser();
  // Non-admins get a plain 404: the admin area does not advertise itself.
  if (user?.role !== "ADMIN") notFound();
  const sp = await searchParams;
  const review = reviewFilterSchema.parse(typeof sp.review === "string" ? sp.review : "pending");
  const subs = await listForReview(review);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-4">
        <h1 className="text-2xl font-semibold">Review submissions</h1>
        <Link href="/admin/audit">Audit log</Link>
      </div>
      <nav aria-label="Review filter">
        <ul className="flex flex-wrap gap-3 text-sm">
          {FILTERS.map((f) => (
            <li key={f}>
              <Link href={`/admin?review=${f}`} aria-current={f === review ? "page" : undefined} className={f === review ? "font-semibold" : undefined}>
                {f}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {subs.length === 0 ? <p>Nothing to review.</p> : subs.map((s) => <ReviewCard key={s.id} s={s} />)}
    </div>
  );
}
