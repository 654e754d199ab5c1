import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { GitHubSignIn } from "@/components/ui/github-sign-in";
import { HuggingFaceSignIn } from "@/components/ui/huggingface-sign-in";
import { signInWithGitHub, signInWithHuggingFace } from "@/app/(site)/signin/actions";
import { currentUser } from "@/lib/server/auth/session";
import { signupMode } from "@/lib/server/auth/signup";
import { SignUpForm } from "./forms";
import { pageTitle } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("auth.signUpTitle");

export default async function SignUpPage() {
  if (await currentUser()) redirect("/submit");
  const mode = await signupMode();
  const t = await getTranslations("auth");
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-semibold">{t("signUpTitle")}</h1>
      {mode === "closed" ? (
        <p data-testid="signup-closed">{t("signupClosed")}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t("signupIntro")}
            {mode === "confirm" ? ` ${t("signupIntroConfirm")}` : null}
          </p>
          <SignUpForm />
        </>
      )}
      {mode !== "closed" ? <GitHubSignIn label={t("signUpGitHub")} signIn={signInWithGitHub} /> : null}
      {mode !== "closed" ? <HuggingFaceSignIn label={t("signUpHuggingFace")} signIn={signInWithHuggingFace} /> : null}
      <p className="text-sm">
        {t("haveAccount")}{" "}
        <Link href="/signin" className="underline">
          {t("signInLink")}
        </Link>
      </p>
    </div>
  );
}
