"use client";

import { useState } from "react";

/** Copies `text`, or the body of `href` fetched on click so large documents stay out of the page. */
export function CopyButton({
  text,
  href,
  label,
  copiedLabel,
  testId,
}: {
  text?: string;
  href?: string;
  label: string;
  copiedLabel: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      data-testid={testId}
      className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      onClick={() =>
        void (
          text !== undefined
            ? Promise.resolve(text)
            : fetch(href!).then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
        )
          .then((body) => navigator.clipboard.writeText(body))
          .then(
            () => {
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            },
            () => setCopied(false),
          )
      }
    >
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}
