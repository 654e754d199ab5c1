import { ScoreTablesView, type ScoreTableRow } from "./score-tables-view";

/** A table per split of one aggregate's scores; only that aggregate's rows go to the browser. */
export function ScoreTables({
  rows,
  aggregate = "micro",
  lowNMin = 0,
  demoJudge = false,
}: {
  rows: Array<ScoreTableRow & { aggregate: string }>;
  aggregate?: "micro" | "macro";
  lowNMin?: number;
  /** The judge scores are the quick start's fake judge's: the column says so, as on the board. */
  demoJudge?: boolean;
}) {
  const shown = rows
    .filter((r) => r.aggregate === aggregate)
    .map(({ split, scope, metric, value, ciLow, ciHigh, n }) => ({ split, scope, metric, value, ciLow, ciHigh, n }));
  return <ScoreTablesView rows={shown} aggregate={aggregate} lowNMin={lowNMin} demoJudge={demoJudge} />;
}
