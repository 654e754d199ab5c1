import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { getFormat } from "@/lib/i18n/server";
import { ActionButton } from "@/components/submissions/action-button";
import { CreateTokenForm } from "@/app/(site)/settings/tokens/_components/create-token-form";
import { listApiTokens } from "@/lib/server/auth/api-tokens";
import { currentUser } from "@/lib/server/auth/session";
import { hasPassword } from "@/lib/server/auth/users";
import { tokenState } from "@/lib/validation/api-token";
import { createTokenAction, revokeTokenAction } from "./actions";
import { signOutEverywhereAction } from "@/app/(site)/signin/actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("settings");
  return { title: t("tokensTitle") };
}

export default async function TokensPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/settings/tokens");
  const [tokens, withPassword, t, f] = await Promise.all([listApiTokens(user.id), hasPassword(user.id), getTranslations("settings"), getFormat()]);
  const state = (tok: (typeof tokens)[number]) => tokenState(tok).split(" ")[0] as "active" | "expired" | "revoked";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("tokensTitle")}</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        {t.rich("tokensIntro", {
          code: (c) => <code>{c}</code>,
          link: (c) => (
            <a href="/settings/webhooks" className="underline">
              {c}
            </a>
          ),
        })}
      </p>
      <CreateTokenForm create={createTokenAction} isAdmin={user.role === "ADMIN"} hasPassword={withPassword} />
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm" data-testid="token-table">
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className="px-2 py-1">{t("colName")}</th>
              <th scope="col" className="px-2 py-1">{t("colScopes")}</th>
              <th scope="col" className="px-2 py-1">{t("colCreated")}</th>
              <th scope="col" className="px-2 py-1">{t("colExpires")}</th>
              <th scope="col" className="px-2 py-1">{t("colLastUsed")}</th>
              <th scope="col" className="px-2 py-1">{t("colState")}</th>
              <th scope="col" className="px-2 py-1"><span className="sr-only">{t("colActions")}</span></th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((tok) => (
              <tr key={tok.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="px-2 py-1">{tok.name}</td>
                <td className="px-2 py-1">{tok.scopes.join(", ")}</td>
                <td className="px-2 py-1">{f.date(tok.createdAt)}</td>
                <td className="px-2 py-1">{tok.expiresAt ? f.date(tok.expiresAt) : t("never")}</td>
                <td className="px-2 py-1">{tok.lastUsedAt ? f.date(tok.lastUsedAt) : t("never")}</td>
                <td className="px-2 py-1">{t(`states.${state(tok)}`)}</td>
                <td className="px-2 py-1">
                  {tok.revokedAt ? null : <ActionButton label={t("revoke", { name: tok.name })} confirm={t("revokeConfirm", { name: tok.name })} run={revokeTokenAction.bind(null, tok.id)} />}
                </td>
              </tr>
            ))}
            {tokens.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-2 py-2 text-slate-600 dark:text-slate-400">{t("noTokens")}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="sessions-h" className="space-y-2">
        <h2 id="sessions-h" className="text-lg font-semibold">{t("sessionsTitle")}</h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("sessionsIntro")}</p>
        <form action={signOutEverywhereAction} className="space-y-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="revokeTokens" value="yes" /> {t("alsoRevoke")}
          </label>
          <button type="submit" className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
            {t("signOutEverywhere")}
          </button>
        </form>
      </section>
    </div>
  );
}
