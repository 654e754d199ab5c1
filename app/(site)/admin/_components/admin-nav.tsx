import Link from "next/link";
import { useTranslations } from "next-intl";

const LINKS = [
  ["/admin", "queue"],
  ["/admin/audit", "audit"],
  ["/admin/users", "users"],
  ["/admin/answer-key", "answerKey"],
  ["/admin/operations", "operations"],
  ["/admin/rescore", "rescore"],
] as const;

export function AdminNav({ current }: { current: string }) {
  const t = useTranslations("admin");
  return (
    <nav aria-label={t("navLabel")} className="border-b border-slate-200 pb-2 dark:border-slate-800">
      <ul className="flex flex-wrap gap-4 text-sm">
        {LINKS.map(([href, key]) => (
          <li key={href}>
            <Link href={href} aria-current={href === current ? "page" : undefined} className={href === current ? "font-semibold" : undefined}>{t(`nav.${key}`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
