import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SubmitForm } from "@/app/submit/_components/submit-form";
import { CliDownload } from "@/components/cli-download";
import { CLI_DOWNLOAD_PATH, cliFileInfo } from "@/lib/server/downloads/cli-file";
import { currentUser } from "@/lib/server/auth/session";
import { remainingQuota } from "@/lib/server/submissions/quota";
import { uploadLimits } from "@/lib/server/submissions/validate-upload";

export const metadata: Metadata = { title: "Submit" };

export default async function SubmitPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/submit");
  const quota = await remainingQuota(user.id, user.role);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Submit predictions</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        Upload one JSON file per split in the official format <code>{'{"predictions": [...]}'}</code>. Files are checked in your browser
        with the same validator the server runs; nothing is uploaded until they are valid. Entries appear on the leaderboard after an
        administrator approves them; you see your scores as soon as scoring finishes.
      </p>
      <CliDownload info={cliFileInfo()} href={CLI_DOWNLOAD_PATH} />
      <SubmitForm limits={uploadLimits()} remaining={quota.remaining} />
    </div>
  );
}
