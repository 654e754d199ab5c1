"use client";

import { lazy, Suspense } from "react";
import { documentLocale } from "@/lib/i18n/document-locale";

// Its text loads when it renders (components/errors/error-body.tsx says why).
const ErrorBody = lazy(() => import("@/components/errors/error-body"));

// Generic on purpose: details stay in the server log under the digest. `retry` refetches from the server, `reset` would only re-render.
export default function ErrorPage({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorBody locale={documentLocale()} digest={error.digest} retry={retry} />
    </Suspense>
  );
}
