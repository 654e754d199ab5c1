"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { editMetadataAction } from "@/app/(site)/admin/actions";

// Each field's label is the message admin.metadata.<field>.
const FIELDS = ["methodName", "organization", "paperUrl", "codeUrl", "backbone", "memoryMethod"] as const;
type Field = (typeof FIELDS)[number] | "description";

/** Fix typos in the display metadata; scores are never touched. Only changed fields are sent. */
export function MetadataForm({ id, initial }: { id: string; initial: Record<Field, string | null> }) {
  const t = useTranslations("admin.metadata");
  const router = useRouter();
  const [values, setValues] = useState(() => Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, v ?? ""])) as Record<Field, string>);
  const [reason, setReason] = useState("");
  const [msg, setMsg] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const input = "w-full rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900";
  return (
    <form
      className="grid gap-2 text-sm sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== (initial[k as Field] ?? "")).map(([k, v]) => [k, v === "" ? null : v]));
        start(async () => {
          const res = await editMetadataAction(id, { ...changed, reason: reason || undefined });
          setMsg(res.ok ? t("saved", { fields: res.data.changed.join(", ") }) : (res.error.details.map((d) => `${d.path} ${d.message}`).join("; ") || res.error.message));
          if (res.ok) router.refresh();
        });
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
        <textarea value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} rows={3} className={input} />
      </label>
      <label className="block sm:col-span-2">
        {t("reason")}
        <input value={reason} onChange={(e) => setReason(e.target.value)} className={input} />
      </label>
      <div className="sm:col-span-2">
        <button type="submit" disabled={pending} className="rounded border border-slate-300 px-3 py-1 disabled:opacity-60 dark:border-slate-700">{pending ? t("saving") : t("save")}</button>
        {msg ? <span role="status" className="ml-2">{msg}</span> : null}
      </div>
    </form>
  );
}
