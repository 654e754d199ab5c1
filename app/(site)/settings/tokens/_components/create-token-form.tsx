"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { useActionErrorText, useActionForm } from "@/components/ui/use-action-form";
import { formatter } from "@/lib/i18n/format";
import type { ValidationTranslator } from "@/lib/i18n/issue-text";
import type { ActionResult } from "@/lib/server/errors";
import { fieldErrors } from "@/lib/validation/signup";
import { DEFAULT_TOKEN_SCOPES, newApiTokenSchema, TOKEN_SCOPES, type TokenScope } from "@/lib/validation/api-token";
import type { CreateTokenInput } from "../actions";
import { SelectField } from "@/components/ui/select-field";

type Created = { token: string; name: string; scopes: TokenScope[]; expiresAt: string | null };
const EXPIRY_CHOICES = [
  ["30", "30"],
  ["90", "90"],
  ["365", "365"],
  ["", "never"],
] as const;
const HOW_TO_USE = { header: "Authorization: Bearer <token>", cli: "H2HMEM_TOKEN=<token> npx h2hmem submit …" };

export function CreateTokenForm({
  create,
  isAdmin,
  hasPassword,
}: {
  create: (input: CreateTokenInput) => Promise<ActionResult<Created>>;
  isAdmin: boolean;
  hasPassword: boolean;
}) {
  const t = useTranslations("settings");
  const locale = useLocale();
  const tv = useTranslations("validation") as unknown as ValidationTranslator;
  // The token is shown once: it stays on screen even if a later attempt fails.
  const [created, setCreated] = useState<Created | null>(null);
  const [local, setLocal] = useState<Partial<Record<string, string>> | null>(null);
  const { pending, error, submit } = useActionForm(create, { onSuccess: setCreated });
  const server = useActionErrorText(error);
  const first = error?.details[0]?.path ?? "form";
  const errors: Partial<Record<string, string>> =
    local ?? (server ? { [first]: server.fields[first] ?? server.form, form: server.form } : {});
  const scopes = TOKEN_SCOPES.filter((s) => s !== "admin" || isAdmin);
  return (
    <div className="space-y-3">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const days = String(form.get("expiresDays") ?? "");
          const input = {
            name: String(form.get("name") ?? ""),
            scopes: form.getAll("scopes").map(String),
            expiresDays: days ? Number(days) : null,
          };
          // Instant feedback with the server's own schema; the server action decides.
          const parsed = newApiTokenSchema.safeParse(input);
          // The browser check's wording is English; other locales show the field codes' texts.
          if (!parsed.success)
            return setLocal(
              locale === "en"
                ? fieldErrors(parsed.error)
                : {
                    ...Object.fromEntries(
                      parsed.error.issues.map((i) => [
                        String(i.path[0] ?? "form"),
                        tv(i.code === "too_small" ? "fields.FIELD_REQUIRED" : "fields.FIELD_INVALID"),
                      ]),
                    ),
                  },
            );
          setLocal(null);
          submit({ ...input, scopes: parsed.data.scopes, password: String(form.get("password") ?? "") });
        }}
      >
        <div className="flex flex-wrap items-end gap-3">
          <Field
            label={t("tokenName")}
            name="name"
            required
            maxLength={100}
            placeholder={t("tokenNamePlaceholder")}
            error={errors.name}
          />
          <SelectField
            name="expiresDays"
            label={t("expires")}
            variant="form"
            defaultValue="90"
            options={EXPIRY_CHOICES.map(([v, key]) => [v, t(`expiry.${key}`)])}
          />
        </div>
        <fieldset aria-describedby={errors.scopes ? "scopes-error" : undefined}>
          <legend className="text-sm font-medium">{t("scopes")}</legend>
          {scopes.map((s) => (
            <label key={s} className="mr-4 inline-flex items-center gap-1 text-sm">
              <input type="checkbox" name="scopes" value={s} defaultChecked={DEFAULT_TOKEN_SCOPES.includes(s)} />{" "}
              {t(`scopeLabels.${s}`)}
            </label>
          ))}
          {errors.scopes ? (
            <p id="scopes-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        {hasPassword ? (
          <Field
            label={t("yourPassword")}
            name="password"
            type="password"
            required
            autoComplete="current-password"
            hint={t("passwordHint")}
            error={errors.password}
            className="max-w-sm"
          />
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("githubOnly")}</p>
        )}
        <FormMessage error={errors.form && !errors.password && !errors.name && !errors.scopes ? errors.form : null} />
        <button
          type="submit"
          disabled={pending}
          className="rounded bg-blue-700 px-4 py-2 text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {pending ? t("creating") : t("createToken")}
        </button>
      </form>
      {created ? (
        <FormMessage
          look="banner"
          as="div"
          success={
            <>
              <p className="font-medium">
                {t("tokenCreated", {
                  name: created.name,
                  scopes: created.scopes.join(", "),
                  expires: created.expiresAt ? formatter(locale).date(created.expiresAt) : "none",
                })}
              </p>
              <code
                data-testid="new-token"
                className="mt-2 block break-all rounded bg-white px-2 py-1 dark:bg-slate-900"
              >
                {created.token}
              </code>
              <p className="mt-2">{t.rich("tokenUse", { ...HOW_TO_USE, code: (c) => <code>{c}</code> })}</p>
            </>
          }
        />
      ) : null}
    </div>
  );
}
