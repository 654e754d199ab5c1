"use client";

import Link from "next/link";
import { useActionState, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { Field } from "@/components/ui/field";
import { useActionErrorText } from "@/components/ui/use-action-form";
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, signupSchema } from "@/lib/validation/signup";
import { confirmEmailAction, resendConfirmationAction, signUpAction, type FormState } from "./actions";
import { FormMessage } from "@/components/ui/form-message";

const BUTTON = "w-full rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60";

function Done({ children }: { children: React.ReactNode }) {
  return (
    <div
      role="status"
      data-testid="signup-done"
      className="space-y-3 rounded border border-green-300 bg-green-50 px-4 py-3 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
    >
      {children}
    </div>
  );
}

/** Server field errors by name, plus the form-level message, in the reader's language. */
function useServerErrors(state: FormState<unknown>): { form: string | null; fields: Partial<Record<string, string>> } {
  return useActionErrorText(state.result?.ok === false ? state.result.error : null) ?? { form: null, fields: {} };
}

type AuthT = ReturnType<typeof useTranslations<"auth">>;

/** The browser check's message for a sign-up field (the same rules as the server's schema). */
function localFieldErrors(error: z.ZodError, password: string, t: AuthT): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const i of error.issues) {
    const field = String(i.path[0] ?? "form");
    if (out[field]) continue;
    if (field === "email") out.email = i.code === "too_big" ? t("emailTooLong") : t("emailInvalid");
    else if (i.code === "invalid_type") out[field] = t("passwordNew");
    else if (i.code === "too_small") out[field] = t("passwordTooShort", { min: PASSWORD_MIN_LENGTH });
    // The two refinements: too many bytes for bcrypt, or the password is the address.
    else if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES)
      out[field] = t("passwordTooLong", { max: PASSWORD_MAX_BYTES });
    else out[field] = t("passwordIsEmail");
  }
  return out;
}

export function SignUpForm() {
  const t = useTranslations("auth");
  const [state, formAction, pending] = useActionState(signUpAction, { result: null, email: "" });
  const [local, setLocal] = useState<Partial<Record<string, string>> | null>(null);
  const server = useServerErrors(state);
  // Open mode redirects to sign-in (signUpAction); only confirm mode answers here.
  if (state.result?.ok) {
    return (
      <Done>
        <p>{t.rich("checkInbox", { email: state.email, strong: (c) => <strong>{c}</strong> })}</p>
        <p className="text-sm">
          {t.rich("checkInboxMore", {
            link: (c) => (
              <Link href="/signup/resend" className="underline">
                {c}
              </Link>
            ),
          })}
        </p>
      </Done>
    );
  }
  // The same schema as the server, for feedback before the round trip; the server re-checks.
  function check(e: FormEvent<HTMLFormElement>) {
    const data = new FormData(e.currentTarget);
    const password = String(data.get("password") ?? "");
    const parsed = signupSchema.safeParse({ email: String(data.get("email") ?? ""), password });
    setLocal(parsed.success ? null : localFieldErrors(parsed.error, password, t));
    if (!parsed.success) e.preventDefault();
  }
  const errors = local ?? server.fields;
  const message = local ? t("correctFields") : server.form;
  return (
    <form
      action={formAction}
      onSubmit={check}
      noValidate
      className="space-y-4"
      aria-describedby={message ? "signup-error" : undefined}
    >
      <FormMessage look="banner" id="signup-error" error={message} />
      <Field
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.email}
        error={errors.email}
      />
      <Field
        label={t("password")}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
      />
      <button type="submit" disabled={pending} className={BUTTON}>
        {pending ? t("creatingAccount") : t("createAccount")}
      </button>
    </form>
  );
}

export function ResendForm() {
  const t = useTranslations("auth");
  const [state, formAction, pending] = useActionState(resendConfirmationAction, { result: null, email: "" });
  const server = useServerErrors(state);
  if (state.result?.ok) {
    return (
      <Done>
        <p>{t("resendDone", { email: state.email })}</p>
      </Done>
    );
  }
  return (
    <form action={formAction} noValidate className="space-y-4">
      <FormMessage look="banner" id="resend-error" error={server.form} />
      <Field
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.email}
        error={server.fields.email}
      />
      <button type="submit" disabled={pending} className={BUTTON}>
        {pending ? t("sending") : t("send")}
      </button>
    </form>
  );
}

export function ConfirmForm({ token, email }: { token: string; email: string }) {
  const t = useTranslations("auth");
  const [state, formAction, pending] = useActionState(confirmEmailAction, { result: null, email });
  const server = useServerErrors(state);
  return (
    <form action={formAction} noValidate className="space-y-4">
      <FormMessage look="banner" id="confirm-error" error={server.form} />
      <input type="hidden" name="token" value={token} />
      <p>{t.rich("activating", { email, strong: (c) => <strong>{c}</strong> })}</p>
      <Field
        label={t("password")}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={server.fields.password}
      />
      <button type="submit" disabled={pending} className={BUTTON}>
        {pending ? t("confirming") : t("confirm")}
      </button>
    </form>
  );
}
