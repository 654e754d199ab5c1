import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { peekConfirmation } from "@/lib/server/auth/signup";
import { ConfirmForm } from "../forms";
import type { SearchParams } from "@/app/(site)/page-helpers";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("confirmTitle"), referrer: "no-referrer" };
}

// Opening the link changes nothing (mail scanners prefetch links); the account is activated
// by the form below, which needs the password chosen at sign-up.
export default async function ConfirmPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  const pending = await peekConfirmation(token);
  const t = await getTranslations("auth");
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-semibold">{t("confirmTitle")}</h1>
      {pending ? (
        <ConfirmForm token={token} email={pending.email} />
      ) : (
        <p role="alert" data-testid="confirm-invalid">
          {t.rich("confirmInvalid", {
            resend: (c) => (
              <Link href="/signup/resend" className="underline">
                {c}
              </Link>
            ),
            signin: (c) => (
              <Link href="/signin" className="underline">
                {c}
              </Link>
            ),
          })}
        </p>
      )}
    </div>
  );
}
