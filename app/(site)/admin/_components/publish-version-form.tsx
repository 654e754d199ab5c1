"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import type { ActionResult } from "@/lib/server/errors";
import type { PublishResult } from "@/lib/server/operations/rollout";

// Switches the public board to the previewed version. The server refuses a version that covers
// fewer approved entries than the published one unless "force" is ticked.

export function PublishVersionForm({ version, run, fewer }: { version: string; run: (version: string, force: boolean) => Promise<ActionResult<PublishResult>>; fewer: number }) {
  const t = useTranslations("admin.publish");
  const id = useId();
  const router = useRouter();
  const [force, setForce] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        setDone(null);
        start(async () => {
          const res = await run(version, force);
          if (!res.ok) return setError(res.error.message);
          setDone(t("done", { to: res.data.to, from: res.data.from }));
          router.refresh();
        });
      }}
    >
      {fewer > 0 ? (
        <p className="text-sm">{t("fewer", { count: fewer })}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={id} className="flex items-center gap-1 text-sm">
          <input id={id} type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> {t("force")}
        </label>
        <button type="submit" disabled={pending} className="rounded bg-blue-700 px-3 py-1 text-sm text-white hover:bg-blue-800 disabled:opacity-60">
          {pending ? t("publishing") : t("publish")}
        </button>
      </div>
      {done ? <p role="status" className="text-sm" data-testid="publish-result">{done}</p> : null}
      {error ? <p role="alert" className="text-sm text-red-700 dark:text-red-300">{error}</p> : null}
    </form>
  );
}
