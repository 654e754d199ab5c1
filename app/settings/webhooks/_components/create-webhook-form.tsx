"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Field } from "@/components/ui/field";
import type { ActionResult } from "@/lib/server/errors";

type Created = { id: string; url: string; secret: string };

export function CreateWebhookForm({ events, create }: { events: readonly string[]; create: (input: { url: string; events: string[] }) => Promise<ActionResult<Created>> }) {
  const router = useRouter();
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <div className="space-y-3">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const input = { url: String(form.get("url") ?? ""), events: form.getAll("events").map(String) };
          setError(null);
          start(async () => {
            const res = await create(input);
            if (res.ok) {
              setCreated(res.data);
              router.refresh();
            } else setError([res.error.message, ...res.error.details.map((d) => `${d.path}: ${d.message}`)].join(" "));
          });
        }}
      >
        <Field label="Endpoint URL" name="url" type="url" required maxLength={2000} placeholder="https://example.org/h2hmem-hook" error={error ?? undefined} />
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 font-medium">Events</legend>
          {events.map((ev) => (
            <label key={ev} className="flex items-center gap-1">
              <input type="checkbox" name="events" value={ev} defaultChecked /> <code>{ev}</code>
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={pending} className="rounded bg-blue-700 px-4 py-2 text-white hover:bg-blue-800 disabled:opacity-60">
          {pending ? "Adding…" : "Add endpoint"}
        </button>
      </form>
      {created ? (
        <div role="status" className="rounded border border-green-300 bg-green-50 p-3 text-sm dark:border-green-800 dark:bg-green-950">
          <p className="font-medium">Endpoint added. Copy its signing secret now: it is shown only once.</p>
          <code data-testid="new-webhook-secret" className="mt-2 block break-all rounded bg-white px-2 py-1 dark:bg-slate-900">{created.secret}</code>
        </div>
      ) : null}
    </div>
  );
}
