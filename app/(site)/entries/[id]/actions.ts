"use server";

import { redirect } from "next/navigation";
import { requireAdmin, requireUser } from "@/lib/server/auth/session";
import { action } from "@/lib/server/http";
import type { ActionResult } from "@/lib/server/errors";
import { linesOf } from "@/lib/validation/dispute";
import { openDispute } from "@/lib/server/disputes/open-dispute";
import { refusalOf } from "@/lib/server/disputes/refusals";
import { hideDisputeText, replyToDispute, resolveDispute } from "@/lib/server/disputes/thread-actions";

// The dispute forms of the entry page post here and work without JavaScript: each step redirects back to
// the thread, with the refusal's name (and the field) in the query when it was refused, which the page
// shows in the reader's language.

const field = (form: FormData, name: string) => String(form.get(name) ?? "");
const optional = (form: FormData, name: string) => field(form, name).trim() || undefined;

function back(form: FormData, result: ActionResult<unknown>, anchor: string): never {
  const entry = encodeURIComponent(field(form, "entryId"));
  if (result.ok) redirect(`/entries/${entry}#${anchor}`);
  if (result.error.code === "UNAUTHORIZED") redirect(`/signin?callbackUrl=${encodeURIComponent(`/entries/${entry}`)}`);
  const q = new URLSearchParams({ disputeError: refusalOf(result.error.message) ?? "failed" });
  const path = result.error.details[0]?.path?.split(".")[0];
  if (path) q.set("disputeField", path);
  redirect(`/entries/${entry}?${q}#${anchor}`);
}

export async function openDisputeAction(form: FormData) {
  return action(async () => {
    const actor = await requireUser();
    const body = {
      type: field(form, "type"),
      statement: field(form, "statement"),
      evidenceLinks: linesOf(form.get("evidenceLinks")),
    };
    return openDispute({ entryId: field(form, "entryId"), actor, body });
  }).then((r) => back(form, r, r.ok ? `dispute-${r.data}` : "open-dispute"));
}

export async function replyDisputeAction(form: FormData) {
  return action(async () => {
    const actor = await requireUser();
    const disputeId = field(form, "disputeId");
    await replyToDispute({ entryId: field(form, "entryId"), disputeId, actor, body: { body: field(form, "body") } });
  }).then((r) => back(form, r, `dispute-${field(form, "disputeId")}`));
}

export async function resolveDisputeAction(form: FormData) {
  return action(async () => {
    const actor = await requireAdmin();
    const body = {
      resolution: field(form, "resolution"),
      note: field(form, "note"),
      rescoreRef: optional(form, "rescoreRef"),
    };
    await resolveDispute({ disputeId: field(form, "disputeId"), actor, body });
  }).then((r) => back(form, r, `dispute-${field(form, "disputeId")}`));
}

export async function hideDisputeTextAction(form: FormData) {
  return action(async () => {
    const actor = await requireAdmin();
    const body = { replyId: optional(form, "replyId"), reason: field(form, "reason") };
    await hideDisputeText({ disputeId: field(form, "disputeId"), actor, body });
  }).then((r) => back(form, r, `dispute-${field(form, "disputeId")}`));
}
