import { getTranslations } from "next-intl/server";
import { SESSION_PATHS, type HostCheck } from "@/lib/server/auth/own-host";
import type { Locale } from "@/lib/i18n/locales";

const needsSession = (path: string) =>
  SESSION_PATHS.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));

/** On a page that needs a session, visited on another host than AUTH_URL's: a link to the same page there. */
export async function HostNote({ check, path, locale }: { check: HostCheck; path: string; locale: Locale }) {
  if (check.kind === "same" || !needsSession(path)) return null;
  const t = await getTranslations({ locale, namespace: "auth" });
  const there = `${check.authOrigin}${path}`;
  return (
    <p
      role="note"
      data-testid="host-note"
      className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {t.rich(check.kind === "blocked" ? "hostBlocked" : "hostOther", {
        origin: check.authOrigin,
        link: (c) => <a href={there}>{c}</a>,
      })}
    </p>
  );
}
