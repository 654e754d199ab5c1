"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { editMetadataAction } from "@/app/(site)/admin/actions";
import { FormMessage } from "@/components/ui/form-message";
import { useActionForm } from "@/components/ui/use-action-form";
import { CONTROL } from "@/components/ui/control";

const FIELDS = ["methodName", "organization", "paperUrl", "codeUrl", "backbone", "memoryMethod"] as const;
type Field = (typeof FIELDS)[number] | "description";

/** Fix typos in the display metadata; scores are never touched. Only changed fields are sent. */
export function MetadataForm({ id, initial }: { id: string; initial: Record<Field, string | null> }) {
  const t = useTranslations("admin.metadata");
  const [values, setValues] = useState(
    () => Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, v ?? ""])) as Record<Field, string>,
  );
  const [reason, setReason] = useState("");
  const { pending, error, data, submit } = useActionForm((changed: Record<string, string | null>) =>
    editMetadataAction(id, { ...changed, reason: reason || undefined }),
  );
  const msg = data
    ? t("saved", { fields: data.changed.join(", ") })
    : error
      ? error.details.map((d) => `${d.path} ${d.message}`).join("; ") || error.message
      : null;
  const input = `w-full ${CONTROL.filter}`;
  return (
    <form
      className="grid gap-2 text-sm sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        const changed = Object.fromEntries(
          Object.entries(values)
            .filter(([k, v]) => v !== (initial[k as Field] ?? ""))
            .map(([k, v]) => [k, v === "" ? null : v]),
        );
        submit(changed);
      }}
    >
      {FIELDS.map((k) => (
        <label key={k} className="block">
          {t(k)}
          <input value={values[k]} onChange={(e) => setValues({ ...values, [k]: e.target.value })} className={input} />
        </label>
      ))}
      <label className="block sm:col-span-2">
        {t("description")}
        <textarea
          value={values.description}
          onChange={(e) => setValues({ ...values, description: e.target.value })}
          rows={3}
          className={input}
        />
      </label>
      <label className="block sm:col-span-2">
        {t("reason")}
        <input value={reason} onChange={(e) => setReason(e.target.value)} className={input} />
      </label>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={pending}
          className="rounded border border-slate-300 px-3 py-1 disabled:opacity-60 dark:border-slate-700"
        >
          {pending ? t("saving") : t("save")}
        </button>
        <FormMessage as="span" success={msg} className="ml-2" />
      </div>
    </form>
  );
}
