"use client";

import Link from "next/link";
import { useActionState, useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { fieldErrors, PASSWORD_MIN_LENGTH, signupSchema } from "@/lib/validation/signup";
import { confirmEmailAction, resendConfirmationAction, signUpAction, type FormState } from "./actions";

const BUTTON = "w-full rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60";

function Alert({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {children}
    </p>
  );
}

function Done({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" data-testid="signup-done" className="space-y-3 rounded border border-green-300 bg-green-50 px-4 py-3 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100">
      {children}
    </div>
  );
}

/** Server field errors by name, plus the form-level message when no field is named. */
function serverErrors(state: FormState<unknown>): { form: string | null; fields: Partial<Record<string, string>> } {
  if (!state.result || state.result.ok) return { form: null, fields: {} };
  const fields = Object.fromEntries(state.result.error.details.filter((d) => d.path).map((d) => [d.path!, d.message]));
  return { form: state.result.error.message, fields };
}

export function SignUpForm() {
  const [state, formAction, pending] = useActionState(signUpAction, { result: null, email: "" });
  const [local, setLocal] = useState<Partial<Record<string, string>> | null>(null);
  const server = serverErrors(state);
  if (state.result?.ok) {
    return state.result.data.mode === "confirm" ? (
      <Done>
        <p>
          <strong>Check your inbox.</strong> We sent a message to {state.email}. Open its link within 24 hours and enter your password to activate the account.
        </p>
        <p className="text-sm">
          If this address already has an account, the message says so instead. Nothing arrived? <Link href="/signup/resend" className="underline">Send the link again</Link>.
        </p>
      </Done>
    ) : (
      <Done>
        <p>
          <strong>Done.</strong> If {state.email} was new here, your account is ready. If it already had an account, sign in with its existing password.
        </p>
        <p>
          <Link href="/signin?callbackUrl=%2Fsubmit" className="font-medium underline">
            Sign in
          </Link>
        </p>
      </Done>
    );
  }
  // The same schema as the server, for feedback before the round trip; the server re-checks.
  function check(e: FormEvent<HTMLFormElement>) {
    const data = new FormData(e.currentTarget);
    const parsed = signupSchema.safeParse({ email: String(data.get("email") ?? ""), password: String(data.get("password") ?? "") });
    setLocal(parsed.success ? null : fieldErrors(parsed.error));
    if (!parsed.success) e.preventDefault();
  }
  const errors = local ?? server.fields;
  const message = local ? "Please correct the fields below." : server.form;
  return (
    <form action={formAction} onSubmit={check} noValidate className="space-y-4" aria-describedby={message ? "signup-error" : undefined}>
      {message ? <Alert id="signup-error">{message}</Alert> : null}
      <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={state.email} error={errors.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, not your email address.`}
        error={errors.password}
      />
      <button type="submit" disabled={pending} className={BUTTON}>
        {pending ? "Creating account…" : "Create account"}
      </button>
    </form>
  );
}

export function ResendForm() {
  const [state, formAction, pending] = useActionState(resendConfirmationAction, { result: null, email: "" });
  const server = serverErrors(state);
  if (state.result?.ok) {
    return (
      <Done>
        <p>If {state.email} has an account awaiting confirmation, a new link is on its way (earlier links no longer work).</p>
      </Done>
    );
  }
  return (
    <form action={formAction} noValidate className="space-y-4">
      {server.form ? <Alert id="resend-error">{server.form}</Alert> : null}
      <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={state.email} error={server.fields.email} />
      <button type="submit" disabled={pending} className={BUTTON}>
        {pending ? "Sending…" : "Send a new link"}
      </button>
    </form>
  );
}

export function ConfirmForm({ token, email }: { token: string; email: string }) {
  const [state, formAction, pending] = useActionState(confirmEmailAction, { result: null, email });
  const server = serverErrors(state);
  return (
    <form action={formAction} noValidate className="space-y-4">
      {server.form ? <Alert id="confirm-error">{server.form}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <p>
        Activating <strong>{email}</strong>. Enter the password you chose when signing up.
      </p>
      <Field label="Password" name="password" type="password" autoComplete="current-password" required error={server.fields.password} />
      <button type="submit" disabled={pending} className={BUTTON}>
        {pending ? "Confirming…" : "Confirm and sign in"}
      </button>
    </form>
  );
}
