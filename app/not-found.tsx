import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RequestShell } from "@/components/ui/site-shell";
import { requestLocale } from "@/lib/i18n/request";
import { signOutAction } from "@/app/(site)/signin/actions";
import "@/app/globals.css";

// Unmatched URLs and notFound() anywhere: under the pass-through root layout (app/layout.tsx), so
// it renders the whole document. Its locale is named explicitly, never next-intl's implicit one:
// Next renders this component within every route's tree, the prerendered copies' included
// (components/ui/site-shell.tsx says why that matters).
export default async function NotFound() {
  const locale = await requestLocale();
  const [t, tc] = await Promise.all([getTranslations({ locale, namespace: "errors" }), getTranslations({ locale, namespace: "common" })]);
  return (
    <RequestShell locale={locale} signOut={signOutAction}>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">{t("notFoundTitle")}</h1>
        <p>
          {t("notFoundText")} <Link href="/">{tc("backToBoard")}</Link>.
        </p>
      </div>
    </RequestShell>
  );
}
