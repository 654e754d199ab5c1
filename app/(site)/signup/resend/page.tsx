import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { mailConfigured } from "@/lib/server/mail";
import { ResendForm } from "../forms";
import { pageTitle } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("auth.resendTitle");
// Depends on the deployment's mail settings, read at request time (not at build).
export const dynamic = "force-dynamic";

export default async function ResendPage() {
  const t = await getTranslations("auth");
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-semibold">{t("resendHeading")}</h1>
      {mailConfigured() ? <ResendForm /> : <p>{t("resendNoMail")}</p>}
      <p className="text-sm">
        <Link href="/signin" className="underline">
          {t("backToSignIn")}
        </Link>
      </p>
    </div>
  );
}
