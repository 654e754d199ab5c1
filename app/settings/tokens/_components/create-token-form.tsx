"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Field } from "@/components/ui/field";
import type { ActionResult } from "@/lib/server/errors";
import { fieldErrors } from "@/lib/validation/signup";
import { newApiTokenSchema, TOKEN_SCOPE_LABELS, TOKEN_SCOPES, type TokenScope } from "@/lib/validation/api-token";
import type { CreateTokenInput } from "../actions";

type Created = { token: string; name: string; scopes: TokenScope[]; expiresAt: string | null };
const EXPIRY_CHOICES = [["30", "30 days"], ["90", "90 days"], ["365", "1 year"], ["", "never (until revoked)"]] as const;

export function CreateTokenForm({ create, isAdmin, hasPassword }: { create: (input: CreateTokenInput) => Promise<ActionResult<Created>>; isAdmin: boolean; hasPassword: boolean }) {
  const router = useRouter();
  const [created, setCreated] = useState<Created | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [pending, start] = useTransition();
  const scopes = TOKEN_SCOPES.filter((s) => s !== "admin" || isAdmin);
  return (
    <div className="space-y-3">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const days = String(form.get("expiresDays") ?? "");
          const input = { name: String(form.get("name") ?? ""), scopes: form.getAll("scopes").map(String), expiresDays: days ? Number(days) : null };
          // Instant feedback with the server's own schema; the server action decides.
          const parsed = newApiTokenSchema.safeParse(input);
          if (!parsed.success) return setErrors(fieldErrors(parsed.error));
          setErrors({});
          start(async () => {
            const res = await create({ ...input, scopes: parsed.data.scopes, password: String(form.get("password") ?? "") });
            if (res.ok) {
              setCreated(res.data);
              router.refresh();
            } else setErrors({ [res.error.details[0]?.path ?? "form"]: res.error.details[0]?.message ?? res.error.message, form: res.error.message });
          });
        }}
      >
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Token name" name="name" required maxLength={100} placeholder="e.g. CI on my lab server" error={errors.name} />
          <label className="text-sm font-medium">
            Expires
            <select name="expiresDays" defaultValue="90" className="mt-1 block rounded border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
              {EXPIRY_CHOICES.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
            </select>
          </label>
        </div>
        <fieldset aria-describedby={errors.scopes ? "scopes-error" : undefined}>
          <legend className="text-sm font-medium">Scopes</legend>
          {scopes.map((s) => (
            <label key={s} className="mr-4 inline-flex items-center gap-1 text-sm">
              <input type="checkbox" name="scopes" value={s} defaultChecked={s !== "admin"} /> {TOKEN_SCOPE_LABELS[s]}
            </label>
          ))}
          {errors.scopes ? <p id="scopes-error" className="mt-1 text-sm text-red-700 dark:text-red-300">{errors.scopes}</p> : null}
        </fieldset>
        {hasPassword ? (
          <Field label="Your password" name="password" type="password" required autoComplete="current-password" hint="Asked again because a token acts as you." error={errors.password} className="max-w-sm" />
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">Your account signs in with GitHub: a token can be created within 10 minutes of signing in.</p>
        )}
        {errors.form && !errors.password && !errors.name && !errors.scopes ? <p role="alert" className="text-sm text-red-700 dark:text-red-300">{errors.form}</p> : null}
        <button type="submit" disabled={pending} className="rounded bg-blue-700 px-4 py-2 text-white hover:bg-blue-800 disabled:opacity-60">
          {pending ? "Creating…" : "Create token"}
        </button>
      </form>
      {created ? (
        <div role="status" className="rounded border border-green-300 bg-green-50 p-3 text-sm dark:border-green-800 dark:bg-green-950">
          <p className="font-medium">
            Token “{created.name}” created (scopes {created.scopes.join(", ")}; {created.expiresAt ? `expires ${created.expiresAt.slice(0, 10)}` : "no expiry"}). Copy it now: it is shown only once.
          </p>
          <code data-testid="new-token" className="mt-2 block break-all rounded bg-white px-2 py-1 dark:bg-slate-900">{created.token}</code>
          <p className="mt-2">
            Use it as <code>Authorization: Bearer &lt;token&gt;</code>, or <code>H2HMEM_TOKEN=&lt;token&gt; npx h2hmem submit …</code>.
          </p>
        </div>
      ) : null}
    </div>
  );
}
