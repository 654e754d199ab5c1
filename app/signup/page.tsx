import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { GitHubSignIn } from "@/components/ui/github-sign-in";
import { signInWithGitHub } from "@/app/signin/actions";
import { currentUser } from "@/lib/server/auth/session";
import { signupMode } from "@/lib/server/auth/signup";
import { SignUpForm } from "./forms";

export const metadata: Metadata = { title: "Sign up" };

export default async function SignUpPage() {
  if (await currentUser()) redirect("/submit");
  const mode = await signupMode();
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-semibold">Sign up</h1>
      {mode === "closed" ? (
        <p data-testid="signup-closed">Sign-up is closed on this leaderboard. Ask an administrator for an account.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            An account lets you submit predictions and follow their scoring.
            {mode === "confirm" ? " We mail you a link to confirm the address before the first sign-in." : null}
          </p>
          <SignUpForm />
        </>
      )}
      {mode !== "closed" ? <GitHubSignIn label="Sign up with GitHub" signIn={signInWithGitHub} /> : null}
      <p className="text-sm">
        Already have an account?{" "}
        <Link href="/signin" className="underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
