"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { useActionErrorText, useActionForm } from "@/components/ui/use-action-form";
import type { ActionResult } from "@/lib/server/errors";

type Created = { id: string; url: string; secret: string };
const URL_EXAMPLE = "https://example.org/h2hmem-hook";

export function CreateWebhookForm({
  events,
  create,
}: {
  events: readonly string[];
  create: (input: { url: string; events: string[] }) => Promise<ActionResult<Created>>;
}) {
  const t = useTranslations("settings");
  // The secret is shown once: it stays on screen even if a later attempt fails.
  const [created, setCreated] = useState<Created | null>(null);
  const { pending, error: failure, submit } = useActionForm(create, { onSuccess: setCreated });
  const text = useActionErrorText(failure);
  const error = text ? [text.form, ...Object.entries(text.fields).map(([path, m]) => `${path}: ${m}`)].join(" ") : null;
  return (
    <div className="space-y-3">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const input = { url: String(form.get("url") ?? ""), events: form.getAll("events").map(String) };
          submit(input);
        }}
      >
        <Field
          label={t("endpointUrl")}
          name="url"
          type="url"
          required
          maxLength={2000}
          placeholder={URL_EXAMPLE}
          error={error ?? undefined}
        />
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 font-medium">{t("events")}</legend>
          {events.map((ev) => (
            <label key={ev} className="flex items-center gap-1">
              <input type="checkbox" name="events" value={ev} defaultChecked /> <code>{ev}</code>
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          disabled={pending}
          className="rounded bg-blue-700 px-4 py-2 text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {pending ? t("adding") : t("addEndpoint")}
        </button>
      </form>
      <FormMessage
        look="banner"
        as="div"
        success={
          created ? (
            <>
              <p className="font-medium">{t("endpointAdded")}</p>
              <code
                data-testid="new-webhook-secret"
                className="mt-2 block break-all rounded bg-white px-2 py-1 dark:bg-slate-900"
              >
                {created.secret}
              </code>
            </>
          ) : null
        }
      />
    </div>
  );
}
