"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signIn } from "@/lib/server/auth/session";
import type { ActionResult } from "@/lib/server/errors";
import { action } from "@/lib/server/http";
import { confirmEmail, resendConfirmation, signUp } from "@/lib/server/auth/signup";
import { signedUpPath } from "@/lib/server/auth/callback-url";

// Public actions: rate-limited per address in lib/server/auth/signup.ts, same answer whether or not the email exists.

export type FormState<T> = { result: ActionResult<T> | null; email: string };

const requestHeaders = async () => new Headers(await headers());
const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function signUpAction(
  _prev: FormState<{ mode: "open" | "confirm" }>,
  form: FormData,
): Promise<FormState<{ mode: "open" | "confirm" }>> {
  const email = text(form, "email");
  const result = await action(async () => signUp({ email, password: text(form, "password") }, await requestHeaders()));
  // Open mode: on to sign-in with the address filled in. The same for a new and a registered
  // address (signing in here would tell them apart), and the note there says both cases.
  if (result.ok && result.data.mode === "open") redirect(signedUpPath(email));
  return { result, email };
}

export async function resendConfirmationAction(_prev: FormState<null>, form: FormData): Promise<FormState<null>> {
  const email = text(form, "email");
  const result = await action(async () => {
    await resendConfirmation(email, await requestHeaders());
    return null;
  });
  return { result, email };
}

/** Confirms the address, then signs in with the same password (redirects on success). */
export async function confirmEmailAction(_prev: FormState<null>, form: FormData): Promise<FormState<null>> {
  const password = text(form, "password");
  const result = await action(async () => {
    const { email } = await confirmEmail(text(form, "token"), password, await requestHeaders());
    return email;
  });
  if (!result.ok) return { result, email: "" };
  // Outside action(): signIn redirects by throwing, which must reach Next. If the sign-in itself
  // is refused (e.g. rate-limited), the address is confirmed anyway: send them to /signin.
  try {
    // Stays on this host, where the cookie is set (see signInAction).
    await signIn("credentials", { email: result.data, password, redirect: false });
  } catch (e) {
    if (e instanceof AuthError) redirect("/signin?callbackUrl=%2Fsubmit");
    throw e;
  }
  redirect("/submit");
}
