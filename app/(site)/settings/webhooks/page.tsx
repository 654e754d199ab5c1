import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { getFormat } from "@/lib/i18n/server";
import { ActionButton } from "@/components/submissions/action-button";
import { CreateWebhookForm } from "@/app/(site)/settings/webhooks/_components/create-webhook-form";
import { currentUser } from "@/lib/server/auth/session";
import { listWebhooks } from "@/lib/server/notify/endpoints";
import { WEBHOOK_EVENTS } from "@/lib/server/notify/events-types";
import { mailOptOut } from "@/lib/server/notify/event-mail";
import { mailConfigured } from "@/lib/server/mail";
import {
  createWebhookAction,
  deleteWebhookAction,
  rotateWebhookSecretAction,
  saveMailEventsAction,
  testWebhookAction,
} from "./actions";
import { RotateSecretButton } from "./_components/rotate-secret-button";
import { HeadRow, Table, TableEmpty, TBody, Td, Tr } from "@/components/ui/table";
import { Section } from "@/components/ui/section";
import { pageTitle } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("settings.webhooksTitle");

const DELIVERY_STATUS = { PENDING: "pending", DELIVERED: "delivered", FAILED: "failed" } as const;

// A form action returns nothing; the result (and any error) is the re-rendered page.
async function saveMailEvents(form: FormData): Promise<void> {
  "use server";
  await saveMailEventsAction(form);
}

export default async function WebhooksPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/settings/webhooks");
  const [hooks, optOut, t, f] = await Promise.all([
    listWebhooks(user.id),
    mailOptOut(user.id),
    getTranslations("settings"),
    getFormat(),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("webhooksTitle")}</h1>
      <Section hid="mail-h" heading={t("mailTitle")} className="space-y-2">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {mailConfigured() ? `${t("mailTo", { email: user.email })} ${t("mailLanguage")}` : t("noMail")}
        </p>
        <form action={saveMailEvents} className="flex flex-wrap items-center gap-4 text-sm">
          {WEBHOOK_EVENTS.map((ev) => (
            <label key={ev} className="flex items-center gap-1">
              <input type="checkbox" name="mailEvents" value={ev} defaultChecked={!optOut.includes(ev)} />{" "}
              <code>{ev}</code>
            </label>
          ))}
          <button
            type="submit"
            className="rounded border border-slate-300 px-3 py-1 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {t("saveMail")}
          </button>
        </form>
      </Section>
      <h2 className="text-lg font-semibold">{t("webhooksHeading")}</h2>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        {t.rich("webhooksIntro", {
          link: (c) => (
            <a href="https://www.standardwebhooks.com" className="underline">
              {c}
            </a>
          ),
        })}
      </p>
      <CreateWebhookForm events={WEBHOOK_EVENTS} create={createWebhookAction} />
      {hooks.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("noEndpoints")}</p> : null}
      {hooks.map((h) => (
        <section
          key={h.id}
          aria-label={t("webhookLabel", { url: h.url })}
          className="space-y-2 rounded border border-slate-300 p-3 dark:border-slate-700"
          data-testid="webhook"
        >
          <div className="flex flex-wrap items-center gap-3">
            <code className="break-all">{h.url}</code>
            <span className="text-sm text-slate-600 dark:text-slate-400">{h.events.join(", ")}</span>
            <ActionButton label={t("sendTest")} run={testWebhookAction.bind(null, h.id)} />
            <RotateSecretButton url={h.url} rotate={rotateWebhookSecretAction.bind(null, h.id)} />
            <ActionButton
              label={t("delete")}
              confirm={t("deleteConfirm", { url: h.url })}
              run={deleteWebhookAction.bind(null, h.id)}
            />
          </div>
          <Table caption={t("deliveries")}>
            <HeadRow labels={[t("colEvent"), t("colCreated"), t("colStatus"), t("colAttempts"), t("colLastAnswer")]} />
            <TBody>
              {h.deliveries.map((d) => (
                <Tr key={d.id}>
                  <Td>
                    <code>{d.event}</code>
                  </Td>
                  <Td>{f.date(d.createdAt)}</Td>
                  <Td>{t(`deliveryStatus.${DELIVERY_STATUS[d.status as keyof typeof DELIVERY_STATUS] ?? "other"}`)}</Td>
                  <Td>{d.attempts}</Td>
                  <Td>
                    {d.lastStatus ?? f.integer(null)}
                    {d.lastError ? ` · ${d.lastError}` : ""}
                  </Td>
                </Tr>
              ))}
              {h.deliveries.length === 0 ? <TableEmpty colSpan={5}>{t("noDeliveries")}</TableEmpty> : null}
            </TBody>
          </Table>
        </section>
      ))}
    </div>
  );
}
