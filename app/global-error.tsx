"use client";

import { lazy, Suspense } from "react";
import { documentLocale } from "@/lib/i18n/document-locale";
import { HTML_LANG } from "@/lib/i18n/locales";

// The root layout itself failed, so this replaces the whole document with its own styling and
// messages, loaded when it renders (components/errors/error-body.tsx says why).
const ErrorBody = lazy(() => import("@/components/errors/error-body"));

export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const locale = documentLocale();
  return (
    <html lang={HTML_LANG[locale]} suppressHydrationWarning>
      <body style={{ fontFamily: "system-ui, sans-serif", margin: "2rem", colorScheme: "light dark" }}>
        <Suspense fallback={null}>
          <ErrorBody locale={locale} digest={error.digest} retry={retry} root />
        </Suspense>
      </body>
    </html>
  );
}
