import Link from "next/link";

const LINKS = [
  ["/admin", "Review queue"],
  ["/admin/audit", "Audit log"],
  ["/admin/users", "Users"],
  ["/admin/answer-key", "Answer key"],
  ["/admin/operations", "Operations"],
  ["/admin/rescore", "Re-score and publish"],
] as const;

export function AdminNav({ current }: { current: string }) {
  return (
    <nav aria-label="Admin" className="border-b border-slate-200 pb-2 dark:border-slate-800">
      <ul className="flex flex-wrap gap-4 text-sm">
        {LINKS.map(([href, label]) => (
          <li key={href}>
            <Link href={href} aria-current={href === current ? "page" : undefined} className={href === current ? "font-semibold" : undefined}>{label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
