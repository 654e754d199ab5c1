import Link from "next/link";
import { LeaderboardControls, hrefWith } from "@/components/leaderboard/controls";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { PublishedBaselinesTable } from "@/components/leaderboard/published-baselines-table";
import { activeAnswerKeyInfo } from "@/lib/server/queries/answer-key-info";
import { getLeaderboard } from "@/lib/server/queries/leaderboard";
import { parseLeaderboardParams } from "@/lib/server/queries/leaderboard-params";

// Approvals must show up at once, so the page is rendered per request.
export const dynamic = "force-dynamic";

export default async function LeaderboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = parseLeaderboardParams(await searchParams);
  const [board, key] = await Promise.all([getLeaderboard(params), activeAnswerKeyInfo()]);
  const api = `/api/v1/leaderboard?split=${params.split}&metric=${params.metric}&aggregate=${params.aggregate}`;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">H2HMem Leaderboard</h1>
        <p className="max-w-4xl text-slate-700 dark:text-slate-300">
          Memory systems that observe multi-session human-human conversations with shared images, then answer questions about them:
          2,046 dyadic and 190 multi-party questions in 9 categories. Scores are means over questions (micro) with 95% bootstrap
          confidence intervals; unanswered questions count as 0.
        </p>
      </div>
      <LeaderboardControls params={params} />
      {board.entries.length === 0 ? (
        <p className="rounded border border-slate-200 p-4 dark:border-slate-800" data-testid="leaderboard-empty">
          {params.q ? "No approved entry matches the search." : `No approved entry has ${params.metric === "judge" ? "LLM-judge" : "these"} scores yet.`}{" "}
          {params.q ? <Link href={hrefWith(params, { q: undefined })}>Clear the search</Link> : <Link href="/submit">Submit yours</Link>}
        </p>
      ) : (
        <LeaderboardTable entries={board.entries} params={params} />
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Scorer version <code>{board.scorerVersion}</code> ·{" "}
        {key ? `answer key “${key.label}” (${key.questionCount} questions)` : "no answer key loaded: submitted original answers are the references"} · generated {board.generatedAt.replace("T", " ").slice(0, 19)} UTC · data as{" "}
        <a href={api}>JSON</a> or <a href={api.replace("/leaderboard?", "/leaderboard.csv?")}>CSV</a>
      </p>
      <PublishedBaselinesTable />
    </div>
  );
}
