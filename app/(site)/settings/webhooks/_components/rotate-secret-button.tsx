"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { FormMessage } from "@/components/ui/form-message";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ActionResult } from "@/lib/server/errors";

type Rotated = { id: string; secret: string };

/** Replaces an endpoint's signing secret after a confirm; the new one is shown once, under the button. */
export function RotateSecretButton({ url, rotate }: { url: string; rotate: () => Promise<ActionResult<Rotated>> }) {
  const t = useTranslations("webhookSecret");
  // Kept in state: the refresh after success must not take the one-time secret off the screen.
  const [rotated, setRotated] = useState<Rotated | null>(null);
  const { pending, error, submit } = useActionForm(rotate, { onSuccess: setRotated });
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        disabled={pending}
        className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
        onClick={() => {
          if (!window.confirm(t("confirm", { url }))) return;
          submit(undefined);
        }}
      >
        {pending ? t("rotating") : t("rotate")}
      </button>
      <FormMessage as="span" error={error?.message} />
      {rotated ? (
        <FormMessage
          look="banner"
          as="div"
          success={
            <>
              <p className="font-medium">{t("rotated")}</p>
              <code
                data-testid="rotated-webhook-secret"
                className="mt-2 block break-all rounded bg-white px-2 py-1 dark:bg-slate-900"
              >
                {rotated.secret}
              </code>
            </>
          }
        />
      ) : null}
    </span>
  );
}
