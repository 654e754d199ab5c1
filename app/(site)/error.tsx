"use client";

import { useTranslations } from "next-intl";

// Generic on purpose: details stay in the server log under the digest. `retry` refetches from the server, `reset` would only re-render.
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
