import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { SubmitForm } from "@/app/(site)/submit/_components/submit-form";
import { FormatSection } from "@/app/(site)/submit/_components/format-section";
import { submitFormProps } from "@/app/(site)/submit/_components/submit-text";
import { clientMessages } from "@/lib/i18n/client-messages";
import { loadMessages } from "@/lib/i18n/load-messages";
import type { Locale } from "@/lib/i18n/locales";
import { CliDownload } from "@/components/cli-download";
import { CLI_DOWNLOAD_PATH, cliFileInfo } from "@/lib/server/downloads/cli-file";
import { currentUser } from "@/lib/server/auth/session";
import { remainingQuota } from "@/lib/server/submissions/quota";
import { uploadLimits } from "@/lib/server/submissions/validate-upload";
import { EXAMPLE_FILE_PATHS } from "@/lib/server/submissions/example-files";
import { loadActiveAnswerKey } from "@/lib/server/answer-key/store";
import { pageTitle } from "@/app/(site)/page-helpers";
import { submissionsPause } from "@/lib/server/submissions/pause";

export const generateMetadata = pageTitle("submit.title");

// Signed-out visitors see the format too (issue 32): authors prepare files before they have an account.
export default async function SubmitPage() {
  const user = await currentUser();
  const quota = user ? await remainingQuota(user.id, user.role) : null;
  const [t, tf] = await Promise.all([getTranslations("submit"), getTranslations("submitFormat")]);
  const hasKey = (await loadActiveAnswerKey()) !== null;
  const pause = await submissionsPause();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("heading")}</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        {t.rich("intro", { format: '{"predictions": [...]}', code: (c) => <code>{c}</code> })}
      </p>
      {pause.open ? null : (
        <p
          role="status"
          data-testid="submissions-paused"
          className="rounded border border-amber-400 bg-amber-50 px-3 py-2 dark:bg-amber-950"
        >
          {t("paused", { notice: pause.notice ?? "" })}
        </p>
      )}
      <CliDownload info={cliFileInfo()} href={CLI_DOWNLOAD_PATH} />
      {user && quota ? (
        <SubmitForm
          limits={uploadLimits()}
          remaining={quota.remaining}
          {...await submitFormProps(quota.remaining)}
          messages={clientMessages(await loadMessages((await getLocale()) as Locale), "submit")}
        />
      ) : (
        <p className="font-medium" data-testid="submit-signin">
          {tf.rich("signInToUpload", {
            link: (c) => <Link href="/signin?callbackUrl=%2Fsubmit">{c}</Link>,
          })}
        </p>
      )}
      <FormatSection
        limits={uploadLimits()}
        examples={hasKey ? EXAMPLE_FILE_PATHS : null}
        cliPath={CLI_DOWNLOAD_PATH}
      />
    </div>
  );
}
