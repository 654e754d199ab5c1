"use client";

import { useRouter } from "next/navigation";
import { startTransition, useActionState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { actionErrorText, type ActionErrorLike, type ErrorsTranslator } from "@/lib/i18n/action-error";
import type { ValidationTranslator } from "@/lib/i18n/issue-text";
import type { ActionResult } from "@/lib/server/errors";

type ActionFailure = Extract<ActionResult<never>, { ok: false }>["error"];

/** A browser-side check's refusal in the same shape as the server's, so one display shows both. */
export function localFailure(message: string, details: ActionFailure["details"] = []): ActionResult<never> {
  return { ok: false, error: { code: "VALIDATION_FAILED", message, details } };
}

type Options<I, T> = {
  /** Runs after a success, before the refresh (clear a field, keep a one-time secret). */
  onSuccess?: (data: T, input: I) => void;
  /** Re-render the server components after a success (default); off when the page moves on. */
  refresh?: boolean;
};

/** useActionState for a server action returning ActionResult; `run` may refuse early by returning localFailure(). */
export function useActionForm<I, T>(
  run: (input: I) => Promise<ActionResult<T>>,
  { onSuccess, refresh = true }: Options<I, T> = {},
) {
  const router = useRouter();
  const [result, dispatch, pending] = useActionState<ActionResult<T> | null, I>(async (_prev, input) => {
    const res = await run(input);
    if (res.ok) {
      onSuccess?.(res.data, input);
      if (refresh) router.refresh();
    }
    return res;
  }, null);
  return {
    pending,
    result,
    error: result && !result.ok ? result.error : null,
    data: result?.ok ? result.data : null,
    /** For onSubmit/onClick handlers: dispatches inside a transition as useActionState requires. */
    submit: (input: I) => startTransition(() => dispatch(input)),
  };
}

/** A failed action's form and field messages in the reader's language; null without a failure. */
export function useActionErrorText(error: ActionErrorLike | null | undefined) {
  const locale = useLocale();
  const te = useTranslations("errors") as unknown as ErrorsTranslator;
  const tv = useTranslations("validation") as unknown as ValidationTranslator;
  return error ? actionErrorText(error, locale, te, tv) : null;
}
