import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CATEGORIES, CATEGORY_CODES } from "@/lib/scoring/types";
import { CategoryChart } from "@/components/entries/category-chart";
import { BadgeSnippet } from "@/app/entries/[id]/_components/badge-snippet";
import { CiteEntry } from "@/app/entries/[id]/_components/cite-entry";
import { FailurePanel } from "@/app/entries/[id]/_components/failure-panel";
import { MethodCard } from "@/app/entries/[id]/_components/method-card";
import { ReproduceEntry } from "@/app/entries/[id]/_components/reproduce-entry";
import { CiSource } from "@/app/entries/[id]/_components/ci-source";
import { SplitGap } from "@/app/entries/[id]/_components/split-gap";
import { StandingTable } from "@/app/entries/[id]/_components/standing-table";
import { WeakestQuestions } from "@/app/entries/[id]/_components/weakest-questions";
import { SameBackboneLine } from "@/app/entries/[id]/_components/same-backbone";
import { sameBackboneComparison } from "@/lib/server/leaderboard/same-backbone";
import { currentUser } from "@/lib/server/auth/session";
import { parseWeakestFilter, weakestQuestionsForViewer } from "@/lib/server/leaderboard/weakest-questions";
import { TombstoneView } from "@/app/entries/[id]/_components/tombstone-view";
import { ScoreTables } from "@/components/ui/score-table";
import { formatBytes, METRIC_LABELS } from "@/components/ui/format";
import { DEMO_JUDGE_LABEL } from "@/lib/server/judge/demo-judge";
import { env, gitHubEndpoints } from "@/lib/server/env";
import { isAppError } from "@/lib/server/errors";
import { getPublicEntryOrTombstone } from "@/lib/server/leaderboard/entries";
import { entryStanding } from "@/lib/server/leaderboard/entry-standing";
import { entryHeadline, headlineText, publicOrigin } from "@/lib/server/leaderboard/share";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const h = await entryHeadline((await params).id);
  if (!h) return { title: "Entry" };
  const description = `${headlineText(h)} on H2HMem${h.organization ? ` · ${h.organization}` : ""}`;
  return {
    metadataBase: new URL(publicOrigin(await headers())),
    title: h.methodName,
    description,
    openGraph: { siteName: "H2HMem Leaderboard", title: `${h.methodName} · H2HMem Leaderboard`, description, type: "article", url: `/entries/${h.id}` },
    twitter: { card: "summary_large_image", title: `${h.methodName} · H2HMem Leaderboard`, description },
  };
}
export const dynamic = "force-dynamic";

const METRICS = ["judge", "f1", "bleu1", "precision", "recall"] as const;
type Metric = (typeof METRICS)[number];

export default async function EntryPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  const sp = await searchParams;
  const aggregate = sp.aggregate === "macro" ? "macro" : "micro";
  const entry = await getPublicEntryOrTombstone(id).catch((e: unknown) => {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  if (entry.status === "withdrawn") return <TombstoneView t={entry} />;
  const available = METRICS.filter((m) => entry.scores.some((r) => r.metric === m));
  // The judge is the headline metric when the entry has judge scores.
  const metric: Metric = available.includes(sp.metric as Metric) ? (sp.metric as Metric) : (available[0] ?? "f1");
  const [overall, dyadic, multi] = await Promise.all((["overall", "dyadic", "multi-party"] as const).map((s) => entryStanding(entry.id, metric, s)));
  const sameBackbone = await sameBackboneComparison(entry.id, metric);
  const weakFilter = parseWeakestFilter(sp);
  const weakest = await weakestQuestionsForViewer(entry.id, await currentUser(), entry.scorerVersion, weakFilter);
  const h = await headers();
  const url = `${h.get("x-forwarded-proto") ?? "http"}://${h.get("x-forwarded-host") ?? h.get("host") ?? "localhost"}/entries/${entry.id}`;
  const chartData = CATEGORY_CODES.map((c) => {
    const r = overall.rows.find((x) => x.scope === c);
    return { code: c, name: CATEGORIES[c].name, entry: r?.cell?.value ?? null, best: r?.best ?? null, median: r?.median ?? null };
  });
  const link = (patch: Record<string, string>) => `/entries/${entry.id}?${new URLSearchParams({ metric, aggregate, ...patch })}`;
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <p className="text-sm"><Link href="/">← Leaderboard</Link> · <Link href={`/compare?ids=${entry.id}`}>Compare with another entry</Link></p>
        <h1 className="text-2xl font-semibold" data-testid="entry-title">{entry.methodName}</h1>
        <MethodCard entry={entry} />
        {entry.scoreStatus === "not-rescored" ? (
          <p role="status" data-testid="entry-unscored">Not re-scored yet: this entry is approved but has no scores under the scorer version the leaderboard shows (<code>{entry.publishedScorerVersion}</code>), so it is not ranked and no numbers of another version are shown.</p>
        ) : null}
      </div>
      <nav aria-label="Metric" className="flex flex-wrap gap-3 text-sm">
        <span>Metric:</span>
        {available.map((m) => <Link key={m} href={link({ metric: m })} aria-current={m === metric ? "page" : undefined}>{m === "judge" && entry.judge?.demo ? `${METRIC_LABELS[m]} (${DEMO_JUDGE_LABEL})` : METRIC_LABELS[m]}</Link>)}
      </nav>
      {entry.judge?.demo ? (
        <p className="text-sm text-amber-900 dark:text-amber-200" data-testid="demo-judge-note">
          Judge scores from the <strong>{DEMO_JUDGE_LABEL}</strong> (<code>{entry.judge.model}</code>): the bundled deterministic fake judge of the quick
          start, not a language model.
        </p>
      ) : null}
      <section aria-labelledby="standing-h" className="space-y-4">
        <h2 id="standing-h" className="text-lg font-semibold">Standing on the board</h2>
        <CategoryChart
          data={chartData}
          title={`${METRIC_LABELS[metric]} per category (overall, micro): this entry against the best entry and the median of ${overall.rows[0]?.of ?? 0} ranked entries`}
          series={[
            { key: "entry", label: entry.methodName, color: "#1d4ed8" },
            { key: "best", label: "Best entry", color: "#059669" },
            { key: "median", label: "Median", color: "#6b7280" },
          ]}
        />
        <div className="grid gap-6 xl:grid-cols-3">
          <StandingTable standing={overall} />
          <StandingTable standing={dyadic} />
          <StandingTable standing={multi} />
        </div>
        <SameBackboneLine cmp={sameBackbone} metric={metric} />
        <SplitGap rows={entry.scores} metric={metric} />
      </section>
      <section aria-labelledby="fail-h" className="space-y-3">
        <h2 id="fail-h" className="text-lg font-semibold">How it fails</h2>
        <FailurePanel profile={entry.failureProfile} />
      </section>
      {weakest ? <WeakestQuestions entryId={entry.id} filter={weakFilter} metric={weakest.metric} rows={weakest.rows} keep={{ metric, aggregate }} /> : null}
      <section aria-labelledby="all-h" className="space-y-3">
        <h2 id="all-h" className="text-lg font-semibold">Every metric, per split and category</h2>
        <nav aria-label="Average" className="text-sm">
          <Link href={link({ aggregate: "micro" })} aria-current={aggregate === "micro" ? "page" : undefined}>Micro average</Link>
          {" · "}
          <Link href={link({ aggregate: "macro" })} aria-current={aggregate === "macro" ? "page" : undefined}>Macro average</Link>
        </nav>
        <ScoreTables rows={entry.scores} aggregate={aggregate} lowNMin={env.LOW_N_MIN} />
      </section>
      <section aria-labelledby="prov-h" className="space-y-1 text-sm">
        <h2 id="prov-h" className="text-lg font-semibold">Provenance</h2>
        <p>Scorer version <code data-testid="entry-scorer-version">{entry.scorerVersion ?? "–"}</code>
          {entry.answerKey ? <>, answer key “{entry.answerKey.label}” ({entry.answerKey.questionCount} questions, imported {entry.answerKey.importedAt.slice(0, 10)})</> : null}; submitted {entry.createdAt.slice(0, 10)}, approved {entry.approvedAt?.slice(0, 10) ?? "–"}, scored {entry.scoredAt?.slice(0, 10) ?? "–"}.</p>
        <ul data-testid="file-hashes">
          {entry.files.map((f) => (
            <li key={f.split}>{f.fileName} ({f.split}, {formatBytes(f.size)}): sha-256 <code className="break-all">{f.sha256}</code></li>
          ))}
        </ul>
        <p>Upload hash (both files): <code className="break-all">{entry.contentSha256}</code></p>
        {entry.source ? <CiSource source={entry.source} webUrl={gitHubEndpoints().webUrl} /> : null}
        <p><a href={`/api/v1/entries/${entry.id}`}>This entry as JSON</a></p>
      </section>
      <ReproduceEntry entry={entry} url={url} />
      <CiteEntry entry={entry} url={url} />
      <BadgeSnippet url={url} />
    </div>
  );
}
