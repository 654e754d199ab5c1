import en from "@/lib/i18n/messages/en.json";
import { GITHUB_NO_VERIFIED_EMAIL } from "@/lib/server/auth/github";
import { HF_NO_VERIFIED_EMAIL } from "@/lib/server/auth/huggingface";

// The auth.signInErrors key for the `error` code Auth.js (or our signIn callback) puts in the URL.
type SignInErrorKey = keyof typeof en.auth.signInErrors;

const KEYS: Record<string, SignInErrorKey> = {
  CredentialsSignin: "CredentialsSignin",
  OAuthAccountNotLinked: "OAuthAccountNotLinked",
  AccessDenied: "AccessDenied",
  [GITHUB_NO_VERIFIED_EMAIL]: "githubNoVerifiedEmail",
  [HF_NO_VERIFIED_EMAIL]: "huggingFaceNoVerifiedEmail",
};

export function signInErrorKey(code: string): SignInErrorKey {
  return Object.hasOwn(KEYS, code) ? KEYS[code]! : "failed";
}

/** The English text (logs, tests); pages translate signInErrorKey. */
export function signInErrorMessage(code: string): string {
  return en.auth.signInErrors[signInErrorKey(code)];
}
