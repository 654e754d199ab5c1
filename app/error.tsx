"use client";

// Rendering failed on the server or client. The message shown is generic on purpose: details
// are in the server log under the digest, never in the page.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="space-y-3">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p>The page could not be shown. Try again in a moment.{error.digest ? ` Reference: ${error.digest}.` : ""}</p>
      <button type="button" onClick={reset} className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
        Try again
      </button>
    </div>
  );
}
