import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";

/** Shared by app/not-found.tsx and app/(site)/not-found.tsx. */
export async function NotFoundBody({ locale }: { locale: Locale }) {
  const [t, tc] = await Promise.all([
    getTranslations({ locale, namespace: "errors" }),
    getTranslations({ locale, namespace: "common" }),
  ]);
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold">{t("notFoundTitle")}</h1>
      <p>
        {t("notFoundText")} <Link href="/">{tc("backToBoard")}</Link>.
      </p>
    </div>
  );
}
