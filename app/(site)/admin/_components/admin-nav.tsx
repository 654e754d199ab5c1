"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

const LINKS = [
  ["/admin", "queue"],
  ["/admin/audit", "audit"],
  ["/admin/users", "users"],
  ["/admin/answer-key", "answerKey"],
  ["/admin/operations", "operations"],
  ["/admin/rescore", "rescore"],
  ["/admin/gold-reports", "goldReports"],
] as const;

/** The section a path belongs to: a submission's review page is part of the queue. */
function sectionOf(path: string): string {
  return LINKS.find(([href]) => href !== "/admin" && (path === href || path.startsWith(`${href}/`)))?.[0] ?? "/admin";
}

// A client component because the layout that renders it once for every admin page does not
// know the path; usePathname does.
export function AdminNav() {
  const t = useTranslations("admin");
  const current = sectionOf(usePathname());
  return (
    <nav aria-label={t("navLabel")} className="border-b border-slate-200 pb-2 dark:border-slate-800">
      <ul className="flex flex-wrap gap-4 text-sm">
        {LINKS.map(([href, key]) => (
          <li key={href}>
            <Link
              href={href}
              aria-current={href === current ? "page" : undefined}
              className={href === current ? "font-semibold" : undefined}
            >
              {t(`nav.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
