import { getTranslations } from "next-intl/server";

export async function SiteFooter() {
  const t = await getTranslations("footer");
  return <footer className="mx-auto max-w-7xl px-4 py-8 text-sm text-slate-600 sm:px-6 dark:text-slate-400">{t("text")}</footer>;
}
