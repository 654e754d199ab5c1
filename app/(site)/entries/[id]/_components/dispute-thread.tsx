import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { getFormat } from "@/lib/i18n/server";
import { DISPUTE_RESOLUTIONS } from "@/lib/validation/dispute";
import type { DisputeViewer, PublicDispute } from "@/lib/server/disputes/dispute-views";
import { CONTROL, LABEL } from "@/components/ui/control";
import { SelectField } from "@/components/ui/select-field";
import { hideDisputeTextAction, replyDisputeAction, resolveDisputeAction } from "@/app/(site)/entries/[id]/actions";

export const BUTTON = "rounded border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800";
const MUTED = "text-sm text-slate-600 dark:text-slate-400";

/** A labelled textarea of the thread's forms. */
function TextArea({ id, name, label, rows = 3 }: { id: string; name: string; label: string; rows?: number }) {
  return (
    <div>
      <label className={LABEL.form} htmlFor={id}>
        {label}
      </label>
      <textarea id={id} name={name} required rows={rows} className={CONTROL.form} />
    </div>
  );
}

/** A post of the thread: its text, or that an administrator hid it (admins still read it, marked). */
function Post({
  text,
  hiddenAt,
  hiddenNote,
  admin,
}: {
  text: string | null;
  hiddenAt: string | null;
  hiddenNote: string;
  admin: boolean;
}) {
  return (
    <>
      {hiddenAt ? (
        <p className={`${MUTED} italic`} data-testid="dispute-hidden">
          {hiddenNote}
        </p>
      ) : null}
      {text !== null && (!hiddenAt || admin) ? (
        <p className={`whitespace-pre-wrap text-sm ${hiddenAt ? "opacity-60" : ""}`}>{text}</p>
      ) : null}
    </>
  );
}

export async function DisputeThread({ d, viewer }: { d: PublicDispute; viewer: DisputeViewer }) {
  const [t, f] = await Promise.all([getTranslations("entry.disputes"), getFormat()]);
  const hidden = (at: string | null) => (at ? t("hidden", { date: f.dateTime(at) }) : "");
  const live = d.state !== "resolved";
  const ids = (extra: ReactNode = null) => (
    <>
      <input type="hidden" name="entryId" value={d.entryId} />
      <input type="hidden" name="disputeId" value={d.id} />
      {extra}
    </>
  );
  const hideForm = (replyId: string | null) => (
    <form action={hideDisputeTextAction} className="flex flex-wrap items-end gap-2" data-testid="hide-form">
      {ids(replyId ? <input type="hidden" name="replyId" value={replyId} /> : null)}
      <input
        name="reason"
        required
        aria-label={t("fields.reason")}
        placeholder={t("fields.reason")}
        className={CONTROL.filter}
      />
      <button type="submit" className={BUTTON}>
        {replyId ? t("hideReply") : t("hideStatement")}
      </button>
    </form>
  );
  return (
    <article
      id={`dispute-${d.id}`}
      className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      data-testid="dispute"
      data-state={d.state}
    >
      <header className="flex flex-wrap items-baseline gap-2">
        <h3 className="font-semibold">{t(`types.${d.type}`)}</h3>
        <span className="rounded bg-slate-100 px-2 text-xs dark:bg-slate-800" data-testid="dispute-state">
          {t(`states.${d.state}`)}
        </span>
      </header>
      <p className={MUTED}>
        {t("openedLine", { date: f.dateTime(d.createdAt), who: d.openedBy ?? t("someone") })}
        {" · "}
        {t("updatedLine", { date: f.dateTime(d.updatedAt) })}
      </p>
      <Post text={d.statement} hiddenAt={d.hiddenAt} hiddenNote={hidden(d.hiddenAt)} admin={viewer.admin} />
      {d.evidenceLinks.length > 0 ? (
        <ul className="list-disc pl-5 text-sm" aria-label={t("evidence")}>
          {d.evidenceLinks.map((u) => (
            <li key={u}>
              <a href={u} rel="nofollow ugc noopener noreferrer" className="break-all">
                {u}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {viewer.admin && !d.hiddenAt ? hideForm(null) : null}
      {d.replies.map((r) => (
        <div
          key={r.id}
          className="ml-4 space-y-1 border-l-2 border-slate-300 pl-3 dark:border-slate-700"
          data-testid="dispute-reply"
        >
          <p className={MUTED}>{t("ownerReply", { date: f.dateTime(r.createdAt) })}</p>
          <Post text={r.body} hiddenAt={r.hiddenAt} hiddenNote={hidden(r.hiddenAt)} admin={viewer.admin} />
          {viewer.admin && !r.hiddenAt ? hideForm(r.id) : null}
        </div>
      ))}
      {d.resolution ? (
        <div className="space-y-1 rounded bg-slate-50 p-2 dark:bg-slate-900" data-testid="dispute-resolution">
          <p className="text-sm font-medium">
            {t("resolvedLine", {
              date: f.dateTime(d.resolution.resolvedAt),
              resolution: t(`resolutions.${d.resolution.kind}`),
            })}
          </p>
          <p className="whitespace-pre-wrap text-sm">{d.resolution.note}</p>
          {d.resolution.rescoreRef ? (
            <p className="text-sm">
              {t.rich("rescoreRef", { ref: d.resolution.rescoreRef, code: (c) => <code>{c}</code> })}
            </p>
          ) : null}
        </div>
      ) : null}
      {live && viewer.owner ? (
        <form action={replyDisputeAction} className="max-w-2xl space-y-2" data-testid="reply-form">
          {ids()}
          <TextArea id={`reply-${d.id}`} name="body" label={t("fields.body")} rows={4} />
          <button type="submit" className={BUTTON}>
            {t("replySubmit")}
          </button>
        </form>
      ) : null}
      {live && viewer.admin ? (
        <form action={resolveDisputeAction} className="max-w-2xl space-y-2" data-testid="resolve-form">
          {ids()}
          <SelectField
            id={`resolution-${d.id}`}
            label={t("fields.resolution")}
            name="resolution"
            variant="form"
            options={DISPUTE_RESOLUTIONS.map((k) => [k, t(`resolutions.${k}`)] as const)}
          />
          <TextArea id={`note-${d.id}`} name="note" label={t("fields.note")} />
          <div>
            <label className={LABEL.form} htmlFor={`ref-${d.id}`}>
              {t("fields.rescoreRef")}
            </label>
            <input id={`ref-${d.id}`} name="rescoreRef" className={CONTROL.form} />
          </div>
          <button type="submit" className={BUTTON}>
            {t("resolveSubmit")}
          </button>
        </form>
      ) : null}
    </article>
  );
}
