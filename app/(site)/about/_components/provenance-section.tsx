import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { env, huggingFaceEnabled } from "@/lib/server/env";

// How accounts sign in with Hugging Face, and what "Verified from CI" proves (issue 34).

/** Takes the locale (not next-intl's request config) so it also renders outside a page (tests). */
export async function ProvenanceSection({ locale }: { locale: Locale }) {
  const t = await translator(locale, "provenance");
  const code = (c: ReactNode) => <code className="break-all">{c}</code>;
  return (
    <section aria-labelledby="provenance-h" className="space-y-2" data-testid="provenance-about">
      <h2 id="provenance-h" className="text-xl font-semibold">
        {t("aboutHeading")}
      </h2>
      <p>{t.rich("aboutVerified", { code, issuer: env.CI_OIDC_ISSUER })}</p>
      <p>{t("aboutStated")}</p>
      <p>{t(huggingFaceEnabled() ? "aboutHfOn" : "aboutHfOff")}</p>
    </section>
  );
}
