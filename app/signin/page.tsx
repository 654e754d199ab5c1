import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/ui/sign-in-form";
import { currentUser } from "@/lib/server/auth";
import { env } from "@/lib/server/env";
import { signInWithGitHub } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

const ERRORS: Record<string, string> = {
  CredentialsSignin: "Email or password is incorrect.",
  OAuthAccountNotLinked: "That email is already registered with a password. Sign in with it instead.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const callbackUrl = typeof sp.callbackUrl === "string" ? sp.callbackUrl : "/";
  if (await currentUser()) redirect(callbackUrl.startsWith("/") && !callbackUrl.startsWith("//") ? callbackUrl : "/");
  const urlError = typeof sp.error === "string" ? (ERRORS[sp.error] ?? "Sign-in failed. Please try again.") : null;
  const github = Boolean(env.GITHUB_ID && env.GITHUB_SECRET);
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-4 text-2xl font-semibold">Sign in</h1>
      <SignInForm callbackUrl={callbackUrl} initialError={urlError} />
      {github ? (
        <form action={signInWithGitHub} className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800">
          <button type="submit" className="w-full rounded border border-slate-300 px-4 py-2 dark:border-slate-700">
            Sign in with GitHub
          </button>
        </form>
      ) : null}
    </div>
  );
}
