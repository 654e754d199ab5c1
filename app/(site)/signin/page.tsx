import Link from "next/link";
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { requestHostCheck } from "@/lib/server/auth/own-host";
import { getTranslations } from "next-intl/server";
import { GitHubSignIn } from "@/components/ui/github-sign-in";
import { HuggingFaceSignIn } from "@/components/ui/huggingface-sign-in";
import { signInWithGitHub, signInWithHuggingFace } from "@/app/(site)/signin/actions";
import { SignInForm } from "@/app/(site)/signin/_components/sign-in-form";
import { currentUser } from "@/lib/server/auth/session";
import { safeCallbackPath } from "@/lib/server/auth/callback-url";
import { mailConfigured } from "@/lib/server/mail";
import { signupMode } from "@/lib/server/auth/signup";
import { signInErrorKey } from "./signin-errors";
import { pageTitle, type SearchParams } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("auth.signInTitle");

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const callbackUrl = safeCallbackPath(sp.callbackUrl);
  if (await currentUser()) redirect(callbackUrl);
  const t = await getTranslations("auth");
  const urlError = typeof sp.error === "string" ? t(`signInErrors.${signInErrorKey(sp.error)}`) : null;
  const email = typeof sp.email === "string" ? sp.email.slice(0, 320) : "";
  // The shell's host note says where to sign in instead; a password typed here could not keep a session.
  const blocked = requestHostCheck(await headers()).kind === "blocked";
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-4 text-2xl font-semibold">{t("signInTitle")}</h1>
      {sp.signedUp === "1" ? (
        <p role="status" className="mb-4 text-sm" data-testid="signed-up">
          {t.rich("doneOpen", { email, strong: (c) => <strong>{c}</strong> })}
        </p>
      ) : null}
      {blocked ? null : <SignInForm callbackUrl={callbackUrl} initialError={urlError} initialEmail={email} />}
      <GitHubSignIn label={t("signInGitHub")} signIn={signInWithGitHub} />
      <HuggingFaceSignIn label={t("signInHuggingFace")} signIn={signInWithHuggingFace} />
      {(await signupMode()) !== "closed" ? (
        <p className="mt-6 text-sm">
          {t("noAccount")}{" "}
          <Link href="/signup" className="underline">
            {t("signUpLink")}
          </Link>
          {mailConfigured() ? (
            <>
              {" · "}
              <Link href="/signup/resend" className="underline">
                {t("resendLink")}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
