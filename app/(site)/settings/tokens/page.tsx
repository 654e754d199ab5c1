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
import { HeadRow, Table, TableEmpty, TBody, Td, Tr } from "@/components/ui/table";
import { Section } from "@/components/ui/section";
import { pageTitle } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("settings.tokensTitle");

export default async function TokensPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/settings/tokens");
  const [tokens, withPassword, t, tx, f] = await Promise.all([
    listApiTokens(user.id),
    hasPassword(user.id),
    getTranslations("settings"),
    getTranslations("tokenExpiry"),
    getFormat(),
  ]);
  const state = (tok: (typeof tokens)[number]) => tokenState(tok).split(" ")[0] as "active" | "expired" | "revoked";
  // Tokens from before the 90-day default (or made with "never") work until revoked: say so.
  const forever = tokens.filter((tok) => state(tok) === "active" && !tok.expiresAt).length;
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
      <Table data-testid="token-table">
        <HeadRow
          labels={[
            t("colName"),
            t("colScopes"),
            t("colCreated"),
            t("colExpires"),
            t("colLastUsed"),
            t("colState"),
            <span key="a" className="sr-only">
              {t("colActions")}
            </span>,
          ]}
        />
        <TBody>
          {tokens.map((tok) => (
            <Tr key={tok.id}>
              <Td>{tok.name}</Td>
              <Td>{tok.scopes.join(", ")}</Td>
              <Td>{f.date(tok.createdAt)}</Td>
              <Td>{tok.expiresAt ? f.date(tok.expiresAt) : t("never")}</Td>
              <Td>{tok.lastUsedAt ? f.date(tok.lastUsedAt) : t("never")}</Td>
              <Td>{t(`states.${state(tok)}`)}</Td>
              <Td>
                {tok.revokedAt ? null : (
                  <ActionButton
                    label={t("revoke", { name: tok.name })}
                    confirm={t("revokeConfirm", { name: tok.name })}
                    run={revokeTokenAction.bind(null, tok.id)}
                  />
                )}
              </Td>
            </Tr>
          ))}
          {tokens.length === 0 ? <TableEmpty colSpan={7}>{t("noTokens")}</TableEmpty> : null}
        </TBody>
      </Table>
      {forever > 0 ? (
        <p data-testid="tokens-without-expiry" className="max-w-3xl text-sm text-amber-800 dark:text-amber-300">
          {tx("neverExpires", { count: forever })}
        </p>
      ) : null}
      <Section hid="sessions-h" heading={t("sessionsTitle")} className="space-y-2">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("sessionsIntro")}</p>
        <form action={signOutEverywhereAction} className="space-y-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="revokeTokens" value="yes" /> {t("alsoRevoke")}
          </label>
          <button
            type="submit"
            className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {t("signOutEverywhere")}
          </button>
        </form>
      </Section>
    </div>
  );
}
