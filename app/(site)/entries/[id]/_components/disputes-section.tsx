import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DISPUTE_STATEMENT_MAX, DISPUTE_TYPES } from "@/lib/validation/dispute";
import { currentUser } from "@/lib/server/auth/session";
import { disputeViewer, entryDisputes } from "@/lib/server/disputes/dispute-views";
import { REFUSAL_REASONS } from "@/lib/server/disputes/refusals";
import { CONTROL, LABEL } from "@/components/ui/control";
import { SelectField } from "@/components/ui/select-field";
import { Section } from "@/components/ui/section";
import { openDisputeAction } from "@/app/(site)/entries/[id]/actions";
import { BUTTON, DisputeThread } from "@/app/(site)/entries/[id]/_components/dispute-thread";

const FIELDS = ["type", "statement", "evidenceLinks", "body", "resolution", "note", "rescoreRef", "reason"] as const;

/** The entry's dispute threads and the forms of each step; plain forms posting server actions (no JavaScript needed). */
export async function DisputesSection({
  entryId,
  open,
  error,
  errorField,
}: {
  entryId: string;
  /** Approved: new disputes may be opened (a withdrawn entry keeps its threads). */
  open: boolean;
  error?: string;
  errorField?: string;
}) {
  const viewer = await disputeViewer(entryId, await currentUser());
  const [disputes, t] = await Promise.all([
    entryDisputes(entryId, { withHidden: viewer.admin }),
    getTranslations("entry.disputes"),
  ]);
  const reason = REFUSAL_REASONS.find((r) => r === error) ?? (error ? "failed" : null);
  const fieldName = FIELDS.find((f) => f === errorField);
  return (
    <Section hid="disputes-h" heading={t("heading")} className="space-y-4" data-testid="disputes">
      <p className="text-sm">{t("intro")}</p>
      {reason ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="dispute-error">
          {t(`errors.${reason}`)}
          {fieldName ? ` ${t("errorField", { field: t(`fields.${fieldName}`) })}` : null}
        </p>
      ) : null}
      {disputes.length === 0 ? <p className="text-sm">{t("none")}</p> : null}
      {disputes.map((d) => (
        <DisputeThread key={d.id} d={d} viewer={viewer} />
      ))}
      {open ? (
        <div id="open-dispute" className="space-y-2">
          <h3 className="font-semibold">{t("openHeading")}</h3>
          {!viewer.user ? (
            <p className="text-sm">
              <Link href={`/signin?callbackUrl=${encodeURIComponent(`/entries/${entryId}`)}`}>{t("signIn")}</Link>
            </p>
          ) : viewer.owner ? (
            <p className="text-sm">{t("ownEntry")}</p>
          ) : !viewer.verified ? (
            <p className="text-sm">{t("errors.unverified")}</p>
          ) : (
            <form action={openDisputeAction} className="max-w-2xl space-y-3" data-testid="open-dispute-form">
              <input type="hidden" name="entryId" value={entryId} />
              <SelectField
                id="dispute-type"
                label={t("fields.type")}
                name="type"
                variant="form"
                required
                options={DISPUTE_TYPES.map((k) => [k, t(`types.${k}`)] as const)}
              />
              <label className={LABEL.form} htmlFor="dispute-statement">
                {t("fields.statement")}
              </label>
              <textarea
                id="dispute-statement"
                name="statement"
                required
                minLength={10}
                maxLength={DISPUTE_STATEMENT_MAX}
                rows={6}
                className={CONTROL.form}
              />
              <label className={LABEL.form} htmlFor="dispute-evidence">
                {t("fields.evidenceLinks")}
              </label>
              <textarea id="dispute-evidence" name="evidenceLinks" rows={3} className={CONTROL.form} />
              <button type="submit" className={BUTTON}>
                {t("openSubmit")}
              </button>
            </form>
          )}
        </div>
      ) : null}
    </Section>
  );
}
