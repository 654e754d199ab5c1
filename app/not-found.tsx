import Link from "next/link";
import { getTranslations } from "next-intl/server";

export default async function NotFound() {
  const [t, tc] = await Promise.all([getTranslations("errors"), getTranslations("common")]);
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold">{t("notFoundTitle")}</h1>
      <p>
        {t("notFoundText")} <Link href="/">{tc("backToBoard")}</Link>.
      </p>
    </div>
  );
}
