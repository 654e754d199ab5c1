"use server";

import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { currentUser, revokeAllSessions, signIn, signOut } from "@/lib/server/auth/session";
import { credentialsSchema } from "@/lib/server/auth/config";
import { safeCallbackPath } from "@/lib/server/auth/callback-url";
import { revokeAllApiTokens } from "@/lib/server/auth/api-tokens";

export type SignInState = {
  error: string | null;
  fieldErrors: Partial<Record<"email" | "password", string>>;
  email: string;
};

export async function signInAction(_prev: SignInState, form: FormData): Promise<SignInState> {
  const raw = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
  const parsed = credentialsSchema.safeParse(raw);
  const t = await getTranslations("auth");
  if (!parsed.success) {
    const fieldErrors: SignInState["fieldErrors"] = {};
    for (const i of parsed.error.issues) {
      const field = i.path[0] as "email" | "password";
      fieldErrors[field] ??= field === "email" ? t("emailInvalid") : t("passwordMissing");
    }
    return { error: t("correctFields"), fieldErrors, email: raw.email };
  }
  try {
    // No redirect by Auth.js: it would send the browser to AUTH_URL's host, away from the cookie
    // just set on this one (issue 45, point 4). The path is made safe, then followed here.
    await signIn("credentials", { ...parsed.data, redirect: false });
  } catch (e) {
    if (e instanceof AuthError) {
      const code = (e as AuthError & { code?: string }).code;
      const key =
        code === "rate_limited"
          ? "rateLimited"
          : code === "unconfirmed"
            ? "unconfirmed"
            : e.type === "CredentialsSignin"
              ? "CredentialsSignin"
              : "failed";
      return { error: t(`signInErrors.${key}`), fieldErrors: {}, email: raw.email };
    }
    throw e;
  }
  redirect(safeCallbackPath(form.get("callbackUrl")));
}

/** Signs out on this host and stays on it (Auth.js's own redirect goes to AUTH_URL's host). */
async function signOutHere(): Promise<never> {
  await signOut({ redirect: false });
  redirect("/");
}

export async function signOutAction(): Promise<void> {
  await signOutHere();
}

export async function signInWithGitHub(): Promise<void> {
  await signIn("github", { redirectTo: "/" });
}

export async function signInWithHuggingFace(): Promise<void> {
  await signIn("huggingface", { redirectTo: "/" });
}

/** Signs out everywhere by bumping the session version; `revokeTokens` also revokes every API token. */
export async function signOutEverywhereAction(form?: FormData): Promise<void> {
  const user = await currentUser();
  if (user) {
    await revokeAllSessions(user.id);
    if (form?.get("revokeTokens") === "yes") await revokeAllApiTokens(user.id);
  }
  await signOutHere();
}
