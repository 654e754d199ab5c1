"use client";

import { useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/server/errors";
import { NoteForm } from "@/components/ui/note-form";

/** Rejection always carries a reason, shown to the submitter and kept in the audit log. */
export function RejectForm({ run }: { run: (reason: string) => Promise<ActionResult<unknown>> }) {
  const t = useTranslations("admin.reject");
  return (
    <NoteForm
      label={t("label")}
      button={t("button")}
      pendingLabel={t("pending")}
      run={run}
      buttonClassName="rounded border border-red-400 px-3 py-1 text-sm text-red-800 hover:bg-red-50 disabled:opacity-60 dark:text-red-200 dark:hover:bg-red-950"
    />
  );
}
