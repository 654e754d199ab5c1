"use client";

import { useTranslations } from "next-intl";
import { FormMessage } from "@/components/ui/form-message";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ActionResult } from "@/lib/server/errors";

// Panel scores (JUDGE_PANEL_*) only feed the judge card's agreement, never the board.

export function JudgePanelButton({
  run,
  configured,
}: {
  run: () => Promise<ActionResult<{ id: string; model: string }>>;
  configured: boolean;
}) {
  const t = useTranslations("judgeCard");
  const { pending, error, data, submit } = useActionForm(run);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="judge-panel">
      <button
        type="button"
        disabled={pending || !configured}
        className="rounded border border-slate-400 px-3 py-1 disabled:opacity-60"
        onClick={() => submit(undefined)}
      >
        {pending ? t("panelPending") : t("panelButton")}
      </button>
      {/* Not configured is a fact about the deployment, not a failure: a plain note, no alert colour. */}
      {configured ? null : (
        <span className="text-slate-700 dark:text-slate-300" data-testid="panel-not-configured">
          {t("panelNotConfigured")}
        </span>
      )}
      <FormMessage as="span" error={error?.message} success={data ? t("panelQueued", { model: data.model }) : null} />
    </div>
  );
}
