import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { KEY_PART_TEXT } from "@/lib/server/versions/version-text";
import { AnswerKeyVersions } from "../_components/answer-key-versions";
import { KeyErrata } from "../_components/key-errata";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("about"))("answerKeysTitle") };
}
// Database data: rendered per request.
export const dynamic = "force-dynamic";

export default async function AnswerKeysPage() {
  const t = await getTranslations("about");
  return (
    <article className="max-w-3xl space-y-4">
      <p className="text-sm">
        <Link href="/about#keys-h">{t("answerKeysBack")}</Link>
      </p>
      <h1 className="text-2xl font-semibold">{t("answerKeysTitle")}</h1>
      <p>{t.rich("answerKeysIntro", { code: (c) => <code>{c}</code>, keyPart: KEY_PART_TEXT })}</p>
      <AnswerKeyVersions locale={await getLocale()} />
      <KeyErrata locale={await getLocale()} />
    </article>
  );
}
