import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { GitHubSignIn } from "@/components/ui/github-sign-in";
import { signInWithGitHub } from "@/app/signin/actions";
import { SignInForm } from "@/app/signin/_components/sign-in-form";
import { currentUser } from "@/lib/server/auth/session";
import { safeCallbackPath } from "@/lib/server/auth/callback-url";
import { mailConfigured } from "@/lib/server/mail";
import { signupMode } from "@/lib/server/auth/signup";
import { signInErrorMessage } from "./signin-errors";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const callbackUrl = safeCallbackPath(sp.callbackUrl);
  if (await currentUser()) redirect(callbackUrl);
  const urlError = typeof sp.error === "string" ? signInErrorMessage(sp.error) : null;
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-4 text-2xl font-semibold">Sign in</h1>
      <SignInForm callbackUrl={callbackUrl} initialError={urlError} />
      <GitHubSignIn label="Sign in with GitHub" signIn={signInWithGitHub} />
      {(await signupMode()) !== "closed" ? (
        <p className="mt-6 text-sm">
          No account yet?{" "}
          <Link href="/signup" className="underline">
            Sign up
          </Link>
          {mailConfigured() ? (
            <>
              {" · "}
              <Link href="/signup/resend" className="underline">
                Resend confirmation link
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
