import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { CliDownload } from "@/components/cli-download";
import { RICH_TAGS } from "@/components/ui/rich-text";
import { CLI_DOWNLOAD_PATH, cliFileInfo } from "@/lib/server/downloads/cli-file";
import { CATEGORY_CODES, CATEGORIES, MAIN_TYPES } from "@/lib/scoring/types";
import { KEY_PART_TEXT, NLTK_MODE_TOKENS, SCORER_VERSION_EXAMPLE } from "@/lib/server/versions/version-text";
import { DEMO_JUDGE_MODEL } from "@/lib/server/env";
import { DEMO_JUDGE_LABEL } from "@/lib/server/judge/demo-judge";
import { NltkModeSection } from "./_components/nltk-mode-section";
import { JudgeCardSection } from "./_components/judge-card-section";
import { ProvenanceSection } from "./_components/provenance-section";
import { FEED_PATH } from "@/lib/server/history/board-feed";
import { JsonLd } from "@/components/json-ld";
import { aboutJsonLd } from "@/lib/server/agents/json-ld";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("about"))("title") };
}
// Rendered per request (the header shows the account; scripts carry the render's CSP nonce).
// The CLI's version and sha256 come from dist/h2hmem.json, written before `next build` (npm run build).
export const dynamic = "force-dynamic";

const h2 = "text-xl font-semibold";
// Placeholders of the citation example, shown as they are in every language.
const CITE = { id: "<id>", hash: "<hash>", version: "<version>", date: "<date>" };

export default async function AboutPage() {
  const [t, tc, tm] = await Promise.all([
    getTranslations("about"),
    getTranslations("categories"),
    getTranslations("mainTypes"),
  ]);
  const link = (href: string) =>
    function RichLink(chunks: ReactNode) {
      return <Link href={href}>{chunks}</Link>;
    };
  return (
    <article className="max-w-3xl space-y-6 leading-relaxed">
      <JsonLd data={aboutJsonLd()} />
      <h1 className="text-2xl font-semibold">{t("heading")}</h1>
      <section aria-labelledby="what-h" className="space-y-2">
        <h2 id="what-h" className={h2}>
          {t("whatHeading")}
        </h2>
        <p>{t.rich("whatText", RICH_TAGS)}</p>
      </section>
      <section aria-labelledby="cat-h" className="space-y-2">
        <h2 id="cat-h" className={h2}>
          {t("categoriesHeading")}
        </h2>
        {MAIN_TYPES.map((m) => (
          <div key={m}>
            <h3 className="font-semibold">{tm(m)}</h3>
            <dl className="grid grid-cols-[4rem_1fr] gap-x-3">
              {CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === m).map((c) => (
                <div key={c} className="contents">
                  <dt>
                    <abbr title={tc(c)}>{c}</abbr>
                  </dt>
                  <dd>{tc(c)}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </section>
      <section aria-labelledby="how-h" className="space-y-2">
        <h2 id="how-h" className={h2}>
          {t("howHeading")}
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>{t.rich("lexical", RICH_TAGS)}</li>
          <li id="nltk">{t.rich("nltk", { ...RICH_TAGS, ...NLTK_MODE_TOKENS, link: link("#nltk-h") })}</li>
          <li>{t.rich("judge", { ...RICH_TAGS, example: SCORER_VERSION_EXAMPLE })}</li>
          <li id="demo-judge">
            {t.rich("demoJudge", { ...RICH_TAGS, model: DEMO_JUDGE_MODEL, label: DEMO_JUDGE_LABEL })}
          </li>
          <li>{t.rich("microMacro", RICH_TAGS)}</li>
          <li>{t.rich("intervals", RICH_TAGS)}</li>
          <li>{t.rich("ranks", { ...RICH_TAGS, compare: link("/compare") })}</li>
        </ul>
      </section>
      <NltkModeSection locale={await getLocale()} />
      <JudgeCardSection locale={await getLocale()} />
      <section aria-labelledby="keys-h" className="space-y-2">
        <h2 id="keys-h" className={h2}>
          {t("keysHeading")}
        </h2>
        <p>{t.rich("keysText", { ...RICH_TAGS, keyPart: KEY_PART_TEXT })}</p>
        <p>{t.rich("keysLink", { link: link("/about/answer-keys") })}</p>
      </section>
      <section aria-labelledby="trust-h" className="space-y-2">
        <h2 id="trust-h" className={h2}>
          {t("trustHeading")}
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li id="attempts">{t.rich("attempts", RICH_TAGS)}</li>
          <li id="withdrawn">{t.rich("withdrawn", RICH_TAGS)}</li>
          <li id="references">{t.rich("references", RICH_TAGS)}</li>
        </ul>
      </section>
      <section aria-labelledby="submit-h" className="space-y-2">
        <h2 id="submit-h" className={h2}>
          {t("submitHeading")}
        </h2>
        <ol className="list-decimal space-y-1 pl-6">
          <li>{t.rich("submitStep1", RICH_TAGS)}</li>
          <li>{t.rich("submitStep2", RICH_TAGS)}</li>
          <li>{t.rich("submitStep3", { ...RICH_TAGS, signin: link("/signin"), submit: link("/submit") })}</li>
          <li>{t.rich("submitStep4", RICH_TAGS)}</li>
        </ol>
        <CliDownload info={cliFileInfo()} href={CLI_DOWNLOAD_PATH} />
        <p>{t.rich("machineAccess", { openapi: link("/api/v1/openapi.json") })}</p>
      </section>
      <ProvenanceSection locale={await getLocale()} />
      <section aria-labelledby="cite-board-h" className="space-y-2">
        <h2 id="cite-board-h" className={h2}>
          {t("citeHeading")}
        </h2>
        <p>{t.rich("citeSnapshots", RICH_TAGS)}</p>
        <p>
          {t.rich("citeHow", {
            ...RICH_TAGS,
            ...CITE,
            snapshots: (c) => (
              <Link href="/api/v1/snapshots" className="underline">
                {c}
              </Link>
            ),
          })}
        </p>
        <p>{t.rich("citeArchive", { ...RICH_TAGS, id: CITE.id })}</p>
      </section>
      <section aria-labelledby="feeds-h" className="space-y-2" data-testid="about-feeds">
        <h2 id="feeds-h" className={h2}>
          {t("exportsFeedHeading")}
        </h2>
        <p>{t.rich("exportsFeedText", { ...RICH_TAGS, feed: link(FEED_PATH) })}</p>
      </section>
    </article>
  );
}
