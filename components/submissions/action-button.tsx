"use client";

import { useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/server/errors";
import { FormMessage } from "@/components/ui/form-message";
import { useActionForm } from "@/components/ui/use-action-form";

export function ActionButton({
  label,
  run,
  confirm: confirmText,
  className,
}: {
  label: string;
  run: () => Promise<ActionResult<unknown>>;
  confirm?: string;
  className?: string;
}) {
  const t = useTranslations("submissions");
  const { pending, error, submit } = useActionForm(run);
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        disabled={pending}
        className={
          className ??
          "rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
        }
        onClick={() => {
          if (confirmText && !window.confirm(confirmText)) return;
          submit(undefined);
        }}
      >
        {pending ? t("working") : label}
      </button>
      <FormMessage as="span" error={error?.message} />
    </span>
  );
}
