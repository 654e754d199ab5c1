import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { actionErrorText, type ErrorsTranslator } from "@/lib/i18n/action-error";
import { translateIssue, type ValidationTranslator } from "@/lib/i18n/issue-text";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import type { ActionResult } from "./errors";

// A server action's failure in the visitor's language, for the shared buttons and note forms that
// show `error.message` as it comes (admin decisions, token revoke, webhook test/delete): the
// message becomes `errors.<code>`, each detail its code's text. English is returned unchanged.
// Outside a request (tests call actions directly) there is no locale: unchanged too.
export async function localizeError<T>(result: ActionResult<T>): Promise<ActionResult<T>> {
  if (result.ok) return result;
  // Outside Next (tests) getLocale throws synchronously, so it is called inside the chain.
  const locale = await Promise.resolve()
    .then(() => getLocale())
    .catch(() => DEFAULT_LOCALE);
  if (locale === DEFAULT_LOCALE) return result;
  const te = (await getTranslations("errors")) as unknown as ErrorsTranslator;
  const tv = (await getTranslations("validation")) as unknown as ValidationTranslator;
  const { form } = actionErrorText(result.error, locale, te, tv);
  const details = result.error.details.map((d) => ({ ...d, message: translateIssue(d, locale, tv).message }));
  return {
    ok: false,
    error: {
      ...result.error,
      message: details.length > 0 ? `${form} ${details.map((d) => d.message).join(" ")}` : form,
      details,
    },
  };
}
