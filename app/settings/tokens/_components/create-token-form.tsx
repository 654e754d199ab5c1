"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Field } from "@/components/ui/field";
import type { ActionResult } from "@/lib/server/errors";

type Created = { token: string; name: string };

export function CreateTokenForm({ create }: { create: (name: string) => Promise<ActionResult<Created>> }) {
  const router = useRouter();
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <div className="space-y-3">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const name = String(new FormData(e.currentTarget).get("name") ?? "");
          setError(null);
          start(async () => {
            const res = await create(name);
            if (res.ok) {
              setCreated(res.data);
              router.refresh();
            } else setError(res.error.details[0]?.message ?? res.error.message);
          });
        }}
      >
        <Field label="Token name" name="name" required maxLength={100} placeholder="e.g. CI on my lab server" error={error ?? undefined} />
        <button type="submit" disabled={pending} className="rounded bg-blue-700 px-4 py-2 text-white hover:bg-blue-800 disabled:opacity-60">
          {pending ? "Creating…" : "Create token"}
        </button>
      </form>
      {created ? (
        <div role="status" className="rounded border border-green-300 bg-green-50 p-3 text-sm dark:border-green-800 dark:bg-green-950">
          <p className="font-medium">Token “{created.name}” created. Copy it now: it is shown only once.</p>
          <code data-testid="new-token" className="mt-2 block break-all rounded bg-white px-2 py-1 dark:bg-slate-900">{created.token}</code>
          <p className="mt-2">
            Use it as <code>Authorization: Bearer &lt;token&gt;</code>, or <code>npx h2hmem submit --token &lt;token&gt; …</code>.
          </p>
        </div>
      ) : null}
    </div>
  );
}
