import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ActionButton } from "@/components/submissions/action-button";
import { CreateTokenForm } from "@/app/settings/tokens/_components/create-token-form";
import { fmtDate } from "@/components/ui/format";
import { listApiTokens } from "@/lib/server/auth/api-tokens";
import { currentUser } from "@/lib/server/auth/session";
import { createTokenAction, revokeTokenAction } from "./actions";
import { signOutEverywhereAction } from "@/app/signin/actions";

export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/settings/tokens");
  const tokens = await listApiTokens(user.id);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">API tokens</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        Tokens let scripts and the <code>h2hmem</code> CLI submit and follow submissions as you. Only a hash is stored; revoke a token you no longer use.
        To be notified instead of polling, add a <a href="/settings/webhooks" className="underline">webhook</a>.
      </p>
      <CreateTokenForm create={createTokenAction} />
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm" data-testid="token-table">
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className="px-2 py-1">Name</th>
              <th scope="col" className="px-2 py-1">Created</th>
              <th scope="col" className="px-2 py-1">Last used</th>
              <th scope="col" className="px-2 py-1">State</th>
              <th scope="col" className="px-2 py-1"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="px-2 py-1">{t.name}</td>
                <td className="px-2 py-1">{fmtDate(t.createdAt.toISOString())}</td>
                <td className="px-2 py-1">{t.lastUsedAt ? fmtDate(t.lastUsedAt.toISOString()) : "never"}</td>
                <td className="px-2 py-1">{t.revokedAt ? `revoked ${fmtDate(t.revokedAt.toISOString())}` : "active"}</td>
                <td className="px-2 py-1">
                  {t.revokedAt ? null : <ActionButton label={`Revoke ${t.name}`} confirm={`Revoke the token "${t.name}"? Scripts using it will stop working.`} run={revokeTokenAction.bind(null, t.id)} />}
                </td>
              </tr>
            ))}
            {tokens.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-2 py-2 text-slate-600 dark:text-slate-400">No tokens yet.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="sessions-h" className="space-y-2">
        <h2 id="sessions-h" className="text-lg font-semibold">Browser sessions</h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">Signs you out on every device and browser. API tokens are not affected; revoke them above.</p>
        <form action={signOutEverywhereAction}>
          <button type="submit" className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
            Sign out everywhere
          </button>
        </form>
      </section>
    </div>
  );
}
