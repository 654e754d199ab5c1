import { GITHUB_NO_VERIFIED_EMAIL } from "@/lib/server/auth/github";

// What /signin shows for the `error` code Auth.js (or our signIn callback) puts in the URL.
const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Email or password is incorrect.",
  OAuthAccountNotLinked: "That email is already registered with a password. Sign in with it instead.",
  AccessDenied: "Sign-up is closed on this leaderboard: this GitHub account is not linked to an account here.",
  [GITHUB_NO_VERIFIED_EMAIL]:
    "Your GitHub account has no verified email address. Verify one on GitHub (Settings → Emails), then sign in with GitHub again.",
};

export function signInErrorMessage(code: string): string {
  return Object.hasOwn(MESSAGES, code) ? MESSAGES[code]! : "Sign-in failed. Please try again.";
}
