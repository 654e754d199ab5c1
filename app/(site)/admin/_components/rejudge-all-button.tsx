"use client";

import { useTranslations } from "next-intl";
import { FormMessage } from "@/components/ui/form-message";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ActionResult } from "@/lib/server/errors";
import type { RejudgeAllResult } from "@/lib/server/operations/rollout";

// Idempotent: entries already queued or scored under the current version are skipped.

export function RejudgeAllButton({
  run,
  missing,
}: {
  run: () => Promise<ActionResult<RejudgeAllResult>>;
  missing: number;
}) {
  const t = useTranslations("admin.rejudge");
  const { pending, error, data: d, submit } = useActionForm(run);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={pending || missing === 0}
        className="rounded border border-slate-400 px-3 py-1 text-sm disabled:opacity-60"
        onClick={() => submit(undefined)}
      >
        {pending ? t("pending") : t("button")}
      </button>
      <FormMessage
        as="span"
        error={error?.message}
        success={
          d
            ? t("result", {
                enqueued: String(d.enqueued.length),
                inProgress: String(d.inProgress.length),
                failed: d.failed.length,
                errors: d.failed.map((f) => f.error).join("; "),
              })
            : null
        }
        data-testid={d ? "rejudge-result" : undefined}
      />
    </div>
  );
}
