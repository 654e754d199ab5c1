"use client";

import { useActionState } from "react";
import { useTranslations } from "next-intl";
import { signInAction, type SignInState } from "@/app/(site)/signin/actions";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";

export function SignInForm({
  callbackUrl,
  initialError,
  initialEmail = "",
}: {
  callbackUrl: string;
  initialError: string | null;
  /** Filled in after an open-mode sign-up. */
  initialEmail?: string;
}) {
  const t = useTranslations("auth");
  const [state, formAction, pending] = useActionState<SignInState, FormData>(signInAction, {
    error: initialError,
    fieldErrors: {},
    email: initialEmail,
  });
  return (
    <form
      action={formAction}
      noValidate
      className="space-y-4"
      aria-describedby={state.error ? "signin-error" : undefined}
    >
      <FormMessage look="banner" id="signin-error" error={state.error} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <Field
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.email}
        error={state.fieldErrors.email}
      />
      <Field
        label={t("password")}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={state.fieldErrors.password}
      />
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {pending ? t("signingIn") : t("signIn")}
      </button>
    </form>
  );
}
