"use client";

// Rendering failed on the server or client. The message shown is generic on purpose: details
// are in the server log under the digest, never in the page. `retry` fetches the page from the
// server again (a database that was briefly unreachable), where `reset` would only re-render it.
export default function ErrorPage({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <div role="alert" className="space-y-3">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p>The page could not be shown. Try again in a moment.{error.digest ? ` Reference: ${error.digest}.` : ""}</p>
      <button type="button" onClick={retry} className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
        Try again
      </button>
    </div>
  );
}
