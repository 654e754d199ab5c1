"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signIn } from "@/lib/server/auth/session";
import type { ActionResult } from "@/lib/server/errors";
import { action } from "@/lib/server/http";
import { confirmEmail, resendConfirmation, signUp } from "@/lib/server/auth/signup";

// Public actions (no session needed, like sign-in): each one is rate-limited per client
// address inside lib/server/auth/signup.ts and answers the same whether or not the email exists.
// Cross-site posts are refused by Next's Origin check on server actions
// (tests/integration/auth-csrf-actions.test.ts).

export type FormState<T> = { result: ActionResult<T> | null; email: string };

const requestHeaders = async () => new Headers(await headers());
const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function signUpAction(
  _prev: FormState<{ mode: "open" | "confirm" }>,
  form: FormData,
): Promise<FormState<{ mode: "open" | "confirm" }>> {
  const email = text(form, "email");
  const result = await action(async () => signUp({ email, password: text(form, "password") }, await requestHeaders()));
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
    await signIn("credentials", { email: result.data, password, redirectTo: "/submit" });
  } catch (e) {
    if (e instanceof AuthError) redirect("/signin?callbackUrl=%2Fsubmit");
    throw e;
  }
  return { result: { ok: true, data: null }, email: result.data };
}
