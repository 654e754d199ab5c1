"use server";

import { revalidatePath } from "next/cache";
import { requireUser } from "@/lib/server/auth/session";
import { consume } from "@/lib/server/rate-limit";
import { createGoldReport } from "@/lib/server/review/gold-reports";
import { localizedAction as action } from "@/app/(site)/localized-action";

export type ReportState = {
  error: string | null;
  fields: Partial<Record<"kind" | "proposedAnswer" | "reason", string>>;
  sent: boolean;
};

const FIELDS = ["kind", "proposedAnswer", "reason"] as const;

/** The question page's report form (a plain form post: works before or without the page's scripts). */
export async function reportGoldAction(_prev: ReportState, form: FormData): Promise<ReportState> {
  return action(async () => {
    const user = await requireUser();
    await consume("gold-report", user.id);
    const input = Object.fromEntries(FIELDS.map((k) => [k, String(form.get(k) ?? "")]));
    const r = await createGoldReport(user.id, String(form.get("qid") ?? ""), input);
    revalidatePath(`/questions/${r.qid}`);
    return r;
  }).then((r): ReportState => {
    if (r.ok) return { error: null, fields: {}, sent: true };
    const fields: ReportState["fields"] = {};
    for (const d of r.error.details as Array<{ path?: string; message: string }>)
      if ((FIELDS as readonly string[]).includes(d.path ?? "")) fields[d.path as (typeof FIELDS)[number]] ??= d.message;
    return { error: r.error.message, fields, sent: false };
  });
}
