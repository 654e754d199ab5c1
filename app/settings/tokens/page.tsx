import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ActionButton } from "@/components/submissions/action-button";
import { CreateTokenForm } from "@/app/settings/tokens/_components/create-token-form";
import { fmtDate } from "@/components/ui/format";
import { listApiTokens } from "@/lib/server/auth/api-tokens";
import { currentUser } from "@/lib/server/auth/session";
import { hasPassword } from "@/lib/server/auth/users";
import { tokenState } from "@/lib/validation/api-token";
import { createTokenAction, revokeTokenAction } from "./actions";
import { signOutEverywhereAction } from "@/app/signin/actions";

export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/settings/tokens");
  const [tokens, withPassword] = await Promise.all([listApiTokens(user.id), hasPassword(user.id)]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">API tokens</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        Tokens let scripts and the <code>h2hmem</code> CLI submit and follow submissions as you, limited to the scopes you give them. Only a hash is stored; prefer a token that expires, and revoke one you no longer use.
        To be notified instead of polling, add a <a href="/settings/webhooks" className="underline">webhook</a>.
      </p>
      <CreateTokenForm create={createTokenAction} isAdmin={user.role === "ADMIN"} hasPassword={withPassword} />
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm" data-testid="token-table">
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className="px-2 py-1">Name</th>
              <th scope="col" className="px-2 py-1">Scopes</th>
              <th scope="col" className="px-2 py-1">Created</th>
              <th scope="col" className="px-2 py-1">Expires</th>
              <th scope="col" className="px-2 py-1">Last used</th>
              <th scope="col" className="px-2 py-1">State</th>
              <th scope="col" className="px-2 py-1"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="px-2 py-1">{t.name}</td>
                <td className="px-2 py-1">{t.scopes.join(", ")}</td>
                <td className="px-2 py-1">{fmtDate(t.createdAt.toISOString())}</td>
                <td className="px-2 py-1">{t.expiresAt ? fmtDate(t.expiresAt.toISOString()) : "never"}</td>
                <td className="px-2 py-1">{t.lastUsedAt ? fmtDate(t.lastUsedAt.toISOString()) : "never"}</td>
                <td className="px-2 py-1">{tokenState(t).split(" ")[0]}</td>
                <td className="px-2 py-1">
                  {t.revokedAt ? null : <ActionButton label={`Revoke ${t.name}`} confirm={`Revoke the token "${t.name}"? Scripts using it will stop working.`} run={revokeTokenAction.bind(null, t.id)} />}
                </td>
              </tr>
            ))}
            {tokens.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-2 py-2 text-slate-600 dark:text-slate-400">No tokens yet.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="sessions-h" className="space-y-2">
        <h2 id="sessions-h" className="text-lg font-semibold">Browser sessions</h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">Signs you out on every device and browser. API tokens keep working unless you tick the box.</p>
        <form action={signOutEverywhereAction} className="space-y-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="revokeTokens" value="yes" /> Also revoke all my API tokens
          </label>
          <button type="submit" className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
            Sign out everywhere
          </button>
        </form>
      </section>
    </div>
  );
}
