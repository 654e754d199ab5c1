"use client";

import Link from "next/link";
import { use } from "react";
import { createTranslator } from "next-intl";
import type { Messages } from "@/lib/i18n/load-messages";
import type { Locale } from "@/lib/i18n/locales";

// The text of the error boundaries (app/(site)/error.tsx, app/global-error.tsx). Every page ships
// the boundaries, so this module, the translator and the message files load only when one renders
// (issue 46): a boundary may sit outside every messages provider, and the root one replaces the document.

type ErrorMessages = Pick<Messages, "errors" | "common">;
const loaded = new Map<Locale, Promise<ErrorMessages>>();
function messagesFor(locale: Locale): Promise<ErrorMessages> {
  const p =
    loaded.get(locale) ??
    (locale === "zh" ? import("@/lib/i18n/messages/zh.json") : import("@/lib/i18n/messages/en.json")).then(
      ({ default: m }) => ({ errors: m.errors, common: m.common }) as ErrorMessages,
    );
  loaded.set(locale, p);
  return p;
}

type Props = { locale: Locale; digest?: string; retry: () => void; root?: boolean };

export default function ErrorBody({ locale, digest, retry, root = false }: Props) {
  const t = createTranslator({ locale, messages: use(messagesFor(locale)) });
  const text = t(root ? "errors.globalErrorText" : "errors.errorText");
  const reference = digest ? ` ${t("errors.reference", { digest })}` : "";
  if (root)
    return (
      <main role="alert">
        <title>{`${t("errors.errorTitle")} · ${t("common.siteName")}`}</title>
        <h1>{t("errors.errorTitle")}</h1>
        <p>
          {text}
          {reference}
        </p>
        <button type="button" onClick={retry}>
          {t("errors.retry")}
        </button>{" "}
        <Link href="/">{t("common.backToBoard")}</Link>
      </main>
    );
  return (
    <div role="alert" className="space-y-3">
      <h1 className="text-2xl font-semibold">{t("errors.errorTitle")}</h1>
      <p>
        {text}
        {reference}
      </p>
      <button type="button" onClick={retry} className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
        {t("errors.retry")}
      </button>
    </div>
  );
}
