import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getFormat } from "@/lib/i18n/server";
import { CATEGORY_CODES } from "@/lib/scoring/types";
import { CategoryChart } from "@/components/entries/category-chart";
import { BadgeSnippet } from "@/app/(site)/entries/[id]/_components/badge-snippet";
import { CiteEntry } from "@/app/(site)/entries/[id]/_components/cite-entry";
import { EntryReceipt } from "@/app/(site)/entries/[id]/_components/entry-receipt";
import { EvidencePanel } from "./_components/evidence-panel";
import { FailurePanel } from "@/app/(site)/entries/[id]/_components/failure-panel";
import { MethodCard } from "@/app/(site)/entries/[id]/_components/method-card";
import { ReproduceEntry } from "@/app/(site)/entries/[id]/_components/reproduce-entry";
import { CiSource } from "@/app/(site)/entries/[id]/_components/ci-source";
import { RunsTrust } from "@/app/(site)/entries/[id]/_components/runs-trust";
import { SplitGap } from "@/app/(site)/entries/[id]/_components/split-gap";
import { StandingTable } from "@/app/(site)/entries/[id]/_components/standing-table";
import { WeakestQuestions } from "@/app/(site)/entries/[id]/_components/weakest-questions";
import { SameBackboneLine } from "@/app/(site)/entries/[id]/_components/same-backbone";
import { sameBackboneComparison } from "@/lib/server/leaderboard/same-backbone";
import { currentUser } from "@/lib/server/auth/session";
import { parseWeakestFilter, weakestQuestionsForViewer } from "@/lib/server/leaderboard/weakest-questions";
import { TombstoneView } from "@/app/(site)/entries/[id]/_components/tombstone-view";
import { ScoreTables } from "@/components/ui/score-table";
import { SPLIT_ORDER } from "@/components/ui/format";
import { env, gitHubEndpoints } from "@/lib/server/env";
import { getPublicEntryOrTombstone } from "@/lib/server/leaderboard/entries";
import { entryStanding } from "@/lib/server/leaderboard/entry-standing";
import { entryHeadline, publicOrigin } from "@/lib/server/leaderboard/share";
import { JsonLd } from "@/components/json-ld";
import { entryJsonLd } from "@/lib/server/agents/json-ld";
import { entryMetric } from "@/lib/server/leaderboard/params";
import { RICH_TAGS } from "@/components/ui/rich-text";
import { localHeadline } from "@/app/(site)/entries/[id]/_components/headline";
import { RankHistoryChart } from "@/app/(site)/entries/[id]/_components/rank-history-chart";
import { StandardExports } from "@/app/(site)/entries/[id]/_components/standard-exports";
import { rankHistory } from "@/lib/server/history/rank-history";
import { Section } from "@/components/ui/section";
import { orNotFound, type SearchParams } from "@/app/(site)/page-helpers";
import { DisputesSection } from "@/app/(site)/entries/[id]/_components/disputes-section";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const [h, t, common, f] = await Promise.all([
    entryHeadline((await params).id),
    getTranslations("entry"),
    getTranslations("common"),
    getFormat(),
  ]);
  if (!h) return { title: t("title") };
  const description = `${t("metaDescription", { headline: localHeadline(h, t, f) })}${h.organization ? ` · ${h.organization}` : ""}`;
  const site = common("siteName");
  return {
    metadataBase: new URL(publicOrigin(await headers())),
    title: h.methodName,
    description,
    openGraph: {
      siteName: site,
      title: `${h.methodName} · ${site}`,
      description,
      type: "article",
      url: `/entries/${h.id}`,
    },
    twitter: { card: "summary_large_image", title: `${h.methodName} · ${site}`, description },
  };
}
export const dynamic = "force-dynamic";

const METRICS = ["judge", "f1", "bleu1", "precision", "recall"] as const;
type Metric = (typeof METRICS)[number];

export default async function EntryPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParams;
}) {
  const { id } = await params;
  const sp = await searchParams;
  const aggregate = sp.aggregate === "macro" ? "macro" : "micro";
  const entry = await orNotFound(getPublicEntryOrTombstone(id));
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  const disputes = (open: boolean) => (
    <DisputesSection entryId={id} open={open} error={str(sp.disputeError)} errorField={str(sp.disputeField)} />
  );
  if (entry.status === "withdrawn")
    return (
      <div className="space-y-8">
        <TombstoneView t={entry} />
        {disputes(false)}
      </div>
    );
  const available = METRICS.filter((m) => entry.scores.some((r) => r.metric === m));
  // The board's default metric, so the number a visitor clicked on is the one they land on.
  const metric: Metric = entryMetric(available, sp.metric);
  const [overall, dyadic, multi] = await Promise.all(SPLIT_ORDER.map((s) => entryStanding(entry.id, metric, s)));
  const sameBackbone = await sameBackboneComparison(entry.id, metric);
  const histories = await Promise.all(
    SPLIT_ORDER.map((split) =>
      rankHistory(entry.id, { track: entry.track, split, category: "ALL", metric, aggregate: "micro" }),
    ),
  );
  const weakFilter = parseWeakestFilter(sp);
  const weakest = await weakestQuestionsForViewer(entry.id, await currentUser(), entry.scorerVersion, weakFilter);
  const [t, tc, tm, f] = await Promise.all([
    getTranslations("entry"),
    getTranslations("categories"),
    getTranslations("common.metrics"),
    getFormat(),
  ]);
  const h = await headers();
  // One origin for cite, badge and exports: AUTH_URL's, whatever host this visit is on.
  const url = `${publicOrigin(h)}/entries/${entry.id}`;
  const chartData = CATEGORY_CODES.map((c) => {
    const r = overall.rows.find((x) => x.scope === c);
    return { code: c, name: tc(c), entry: r?.cell?.value ?? null, best: r?.best ?? null, median: r?.median ?? null };
  });
  const dates = {
    version: entry.scorerVersion ?? "–",
    submitted: f.date(entry.createdAt),
    approved: f.date(entry.approvedAt),
    scored: f.date(entry.scoredAt),
  };
  const v = (c: React.ReactNode) => <code data-testid="entry-scorer-version">{c}</code>;
  const link = (patch: Record<string, string>) =>
    `/entries/${entry.id}?${new URLSearchParams({ metric, aggregate, ...patch })}`;
  return (
    <div className="space-y-8">
      <JsonLd data={entryJsonLd(entry, publicOrigin(h))} />
      <div className="space-y-3">
        <p className="text-sm">
          <Link href="/">{t("backToBoard")}</Link> · <Link href={`/compare?ids=${entry.id}`}>{t("compareWith")}</Link>
        </p>
        <h1 className="text-2xl font-semibold" data-testid="entry-title">
          {entry.methodName}
        </h1>
        <MethodCard entry={entry} />
        {entry.scoreStatus === "not-rescored" ? (
          <p role="status" data-testid="entry-unscored">
            {t.rich("notRescored", { ...RICH_TAGS, version: entry.publishedScorerVersion })}
          </p>
        ) : null}
      </div>
      <nav aria-label={t("metricNav")} className="flex flex-wrap gap-3 text-sm">
        <span>{t("metricLabel")}</span>
        {available.map((m) => (
          <Link key={m} href={link({ metric: m })} aria-current={m === metric ? "page" : undefined}>
            {m === "judge" && entry.judge?.demo ? t("demoJudgeMetric", { metric: tm(m) }) : tm(m)}
          </Link>
        ))}
      </nav>
      {entry.judge?.demo ? (
        <p className="text-sm text-amber-900 dark:text-amber-200" data-testid="demo-judge-note">
          {t.rich("demoJudgeNote", { ...RICH_TAGS, model: entry.judge.model })}
        </p>
      ) : null}
      <Section hid="standing-h" heading={t("standingHeading")} className="space-y-4">
        <CategoryChart
          data={chartData}
          title={t("chartTitle", { metric: tm(metric), count: f.integer(overall.rows[0]?.of ?? 0) })}
          series={[
            { key: "entry", label: entry.methodName, color: "#1d4ed8" },
            { key: "best", label: t("bestEntry"), color: "#059669" },
            { key: "median", label: t("median"), color: "#6b7280" },
          ]}
        />
        <div className="grid gap-6 xl:grid-cols-3">
          <StandingTable standing={overall} />
          <StandingTable standing={dyadic} />
          <StandingTable standing={multi} />
        </div>
        <SameBackboneLine cmp={sameBackbone} metric={metric} />
        <SplitGap rows={entry.scores} metric={metric} />
      </Section>
      <RunsTrust entry={entry} />
      <RankHistoryChart histories={histories} />
      <Section hid="fail-h" heading={t("failHeading")} className="space-y-3">
        <FailurePanel profile={entry.failureProfile} />
      </Section>
      <Section hid="evidence-h" heading={t("evidenceHeading")} className="space-y-3">
        <EvidencePanel report={entry.evidence} />
      </Section>
      {weakest ? (
        <WeakestQuestions
          entryId={entry.id}
          filter={weakFilter}
          metric={weakest.metric}
          rows={weakest.rows}
          keep={{ metric, aggregate }}
        />
      ) : null}
      <Section hid="all-h" heading={t("allHeading")} className="space-y-3">
        <nav aria-label={t("averageNav")} className="text-sm">
          <Link href={link({ aggregate: "micro" })} aria-current={aggregate === "micro" ? "page" : undefined}>
            {t("microAverage")}
          </Link>
          {" · "}
          <Link href={link({ aggregate: "macro" })} aria-current={aggregate === "macro" ? "page" : undefined}>
            {t("macroAverage")}
          </Link>
        </nav>
        <ScoreTables rows={entry.scores} aggregate={aggregate} lowNMin={env.LOW_N_MIN} demoJudge={entry.judge?.demo} />
      </Section>
      <Section hid="prov-h" heading={t("provenance")} className="space-y-1 text-sm">
        <p>
          {entry.answerKey
            ? t.rich("provenanceLineKey", {
                ...dates,
                v,
                label: entry.answerKey.label,
                count: entry.answerKey.questionCount,
                imported: f.date(entry.answerKey.importedAt),
              })
            : t.rich("provenanceLine", { ...dates, v })}
        </p>
        <ul data-testid="file-hashes">
          {entry.files.map((file) => (
            <li key={file.split}>
              {t.rich("fileLine", {
                fileName: file.fileName,
                split: file.split,
                size: f.bytes(file.size),
                sha: file.sha256,
                code: (c) => <code className="break-all">{c}</code>,
              })}
            </li>
          ))}
        </ul>
        <p>{t.rich("uploadHash", { sha: entry.contentSha256, code: (c) => <code className="break-all">{c}</code> })}</p>
        {entry.source ? <CiSource source={entry.source} webUrl={gitHubEndpoints().webUrl} /> : null}
        <p>
          <a href={`/api/v1/entries/${entry.id}`}>{t("asJson")}</a>
        </p>
      </Section>
      {disputes(true)}
      <ReproduceEntry entry={entry} url={url} />
      {entry.scoreStatus === "scored" ? <EntryReceipt id={entry.id} /> : null}
      <CiteEntry entry={entry} url={url} />
      <BadgeSnippet url={url} />
      <StandardExports entry={entry} origin={publicOrigin(h)} />
    </div>
  );
}
