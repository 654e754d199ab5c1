import Link from "next/link";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { currentUser } from "@/lib/server/auth/session";
import { ThemeToggle } from "@/components/theme-toggle";
import { LocaleLinks, LocaleSwitcher } from "@/components/ui/locale-switcher";

/** The sign-out server action comes from the route that renders the header. */
export async function SiteHeader({
  signOut,
  path,
  locale,
}: {
  signOut: () => Promise<void>;
  path: string;
  locale: Locale;
}) {
  const [user, t] = await Promise.all([
    currentUser().catch(() => null),
    getTranslations({ locale, namespace: "header" }),
  ]);
  const links = [
    { href: "/", label: t("leaderboard") },
    { href: "/compare", label: t("compare") },
    { href: "/questions", label: t("questions") },
    { href: "/submit", label: t("submit") },
    ...(user
      ? [
          { href: "/submissions", label: t("mySubmissions") },
          { href: "/settings/tokens", label: t("apiTokens") },
        ]
      : []),
    ...(user?.role === "ADMIN" ? [{ href: "/admin", label: t("admin") }] : []),
  ];
  return (
    <header className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex site-width flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="text-lg font-semibold text-slate-900 no-underline dark:text-slate-100">
          {t("siteName")}
        </Link>
        <nav aria-label={t("mainNav")} className="flex-1">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {links.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <Suspense fallback={<LocaleLinks current={locale} label={t("language")} path={path} />}>
          <LocaleSwitcher current={locale} label={t("language")} />
        </Suspense>
        <ThemeToggle
          labels={{
            theme: t("theme"),
            themeShort: t("themeShort"),
            themeLight: t("themeLight"),
            themeDark: t("themeDark"),
            themeSystem: t("themeSystem"),
          }}
        />
        {user ? (
          <form action={signOut} className="flex items-center gap-3 text-sm">
            {/* Below 1536 px the address is for screen readers only, so an admin's header stays one line at 1366 px (issue 32). */}
            <span className="text-slate-600 max-2xl:sr-only dark:text-slate-400" data-testid="signed-in-as">
              {user.email}
              {user.role === "ADMIN" ? t("adminSuffix") : ""}
            </span>
            <button
              type="submit"
              className="rounded border border-slate-300 px-3 py-1 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              {t("signOut")}
            </button>
          </form>
        ) : (
          <Link href="/signin" className="text-sm">
            {t("signIn")}
          </Link>
        )}
      </div>
    </header>
  );
}
