"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/server/errors";
import { FormMessage } from "./form-message";
import { useActionForm } from "./use-action-form";
import { CONTROL } from "./control";

type NoteFormProps = {
  label: string;
  button: string;
  run: (note: string) => Promise<ActionResult<unknown>>;
  pendingLabel?: string;
  buttonClassName?: string;
};

const DEFAULT_BUTTON = "rounded border border-amber-500 px-3 py-1 text-sm disabled:opacity-60";

/** A one-field form for decisions that must carry a note (reject, unpublish, withdrawing an approved entry). */
export function NoteForm({ label, button, run, pendingLabel, buttonClassName = DEFAULT_BUTTON }: NoteFormProps) {
  const t = useTranslations("common");
  const id = useId();
  const [note, setNote] = useState("");
  const { pending, error, submit } = useActionForm(run, { onSuccess: () => setNote("") });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit(note);
      }}
    >
      <div>
        <label htmlFor={id} className="block text-sm">
          {label}
        </label>
        <input
          id={id}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          required
          minLength={3}
          maxLength={2000}
          className={`w-64 text-sm ${CONTROL.filter}`}
        />
      </div>
      <button type="submit" disabled={pending} className={buttonClassName}>
        {pending ? (pendingLabel ?? t("working")) : button}
      </button>
      <FormMessage as="span" error={error ? (error.details[0]?.message ?? error.message) : null} className="w-full" />
    </form>
  );
}
