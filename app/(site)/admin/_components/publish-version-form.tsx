"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ActionResult } from "@/lib/server/errors";
import type { PublishResult } from "@/lib/server/operations/rollout";

// Switches the public board to the previewed version. The server refuses a version that covers
// fewer approved entries than the published one unless "force" is ticked.

export function PublishVersionForm({
  version,
  run,
  fewer,
}: {
  version: string;
  run: (version: string, force: boolean) => Promise<ActionResult<PublishResult>>;
  fewer: number;
}) {
  const t = useTranslations("admin.publish");
  const id = useId();
  const [force, setForce] = useState(false);
  const { pending, error, data, submit } = useActionForm((f: boolean) => run(version, f));
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit(force);
      }}
    >
      {fewer > 0 ? <p className="text-sm">{t("fewer", { count: fewer })}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={id} className="flex items-center gap-1 text-sm">
          <input id={id} type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> {t("force")}
        </label>
        <button
          type="submit"
          disabled={pending}
          className="rounded bg-blue-700 px-3 py-1 text-sm text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {pending ? t("publishing") : t("publish")}
        </button>
      </div>
      <FormMessage
        success={data ? t("done", { to: data.to, from: data.from }) : null}
        error={error?.message}
        data-testid={data ? "publish-result" : undefined}
      />
    </form>
  );
}
