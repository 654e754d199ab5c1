"use server";

import { revalidatePath } from "next/cache";
import { requireUser } from "@/lib/server/auth/session";
import { localizedAction as action } from "@/app/(site)/localized-action";
import {
  createWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  webhookInputSchema,
} from "@/lib/server/notify/endpoints";
import { setMailEvents } from "@/lib/server/notify/event-mail";

export async function createWebhookAction(input: { url: string; events: string[] }) {
  return action(async () => {
    const user = await requireUser();
    const created = await createWebhook(user.id, webhookInputSchema.parse(input));
    revalidatePath("/settings/webhooks");
    return created;
  });
}

export async function deleteWebhookAction(id: string) {
  return action(async () => {
    const user = await requireUser();
    const res = await deleteWebhook(user.id, id);
    revalidatePath("/settings/webhooks");
    return res;
  });
}

export async function testWebhookAction(id: string) {
  return action(async () => {
    const user = await requireUser();
    const res = await sendTestWebhook(user.id, id);
    revalidatePath("/settings/webhooks");
    return res;
  });
}

/** A new signing secret, returned once; deliveries from now on are signed with it (issue 31). */
export async function rotateWebhookSecretAction(id: string) {
  return action(async () => {
    const user = await requireUser();
    return rotateWebhookSecret(user.id, id);
  });
}

/** The form's checked boxes are the events still mailed; the rest are opted out. */
export async function saveMailEventsAction(form: FormData) {
  return action(async () => {
    const user = await requireUser();
    const optOut = await setMailEvents(user.id, form.getAll("mailEvents").map(String));
    revalidatePath("/settings/webhooks");
    return { optOut };
  });
}
