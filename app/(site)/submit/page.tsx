import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SubmitForm } from "@/app/(site)/submit/_components/submit-form";
import { CliDownload } from "@/components/cli-download";
import { CLI_DOWNLOAD_PATH, cliFileInfo } from "@/lib/server/downloads/cli-file";
import { currentUser } from "@/lib/server/auth/session";
import { remainingQuota } from "@/lib/server/submissions/quota";
import { uploadLimits } from "@/lib/server/submissions/validate-upload";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("submit");
  return { title: t("title") };
}

export default async function SubmitPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/submit");
  const quota = await remainingQuota(user.id, user.role);
  const t = await getTranslations("submit");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("heading")}</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        {t.rich("intro", { format: '{"predictions": [...]}', code: (c) => <code>{c}</code> })}
      </p>
      <CliDownload info={cliFileInfo()} href={CLI_DOWNLOAD_PATH} />
      <SubmitForm limits={uploadLimits()} remaining={quota.remaining} />
    </div>
  );
}
