"use client";

import { useTranslations } from "next-intl";

// Rendering failed on the server or client. The message shown is generic on purpose: details
// are in the server log under the digest, never in the page. `retry` fetches the page from the
// server again (a database that was briefly unreachable), where `reset` would only re-render it.
export default function ErrorPage({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const t = useTranslations("errors");
  return (
    <div role="alert" className="space-y-3">
      <h1 className="text-2xl font-semibold">{t("errorTitle")}</h1>
      <p>
        {t("errorText")}
        {error.digest ? ` ${t("reference", { digest: error.digest })}` : ""}
      </p>
      <button type="button" onClick={retry} className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
        {t("retry")}
      </button>
    </div>
  );
}
