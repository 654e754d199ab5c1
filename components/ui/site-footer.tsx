import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";

export async function SiteFooter({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "footer" });
  return (
    <footer className="mx-auto site-width px-4 py-8 text-sm text-slate-600 sm:px-6 dark:text-slate-400">
      {t("text")}
    </footer>
  );
}
