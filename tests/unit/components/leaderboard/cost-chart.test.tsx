import { describe, expect, it } from "vitest";
import { CostChart } from "@/components/leaderboard/cost-chart";
import type { CostPoint } from "@/lib/server/leaderboard/cost-chart";
import { renderIntl } from "../../../support/render-intl";

const point = (id: string, cost: number, value: number): CostPoint => ({
  id,
  methodName: `Method ${id}`,
  isBaseline: false,
  cost,
  value,
  ciLow: null,
  ciHigh: null,
  pareto: true,
});
const xs = (html: string) => [...html.matchAll(/<circle cx="([\d.]+)"/g)].map((m) => Number(m[1]));
const render = (points: CostPoint[]) =>
  renderIntl(<CostChart points={points} field="tokensPerQuestion" metricLabel="F1" hidden={{}} />);

describe("the cost chart", () => {
  it("spreads points over the log cost axis", () => {
    const [lo, hi] = xs(render([point("a", 10, 0.5), point("b", 1000, 0.7)]));
    expect(hi! - lo!).toBeGreaterThan(500);
  });

  it("puts a single point (or one shared cost) in the middle, not on the axis", () => {
    expect(xs(render([point("a", 42, 0.5)]))).toEqual([(48 + 640 - 16) / 2]);
    expect(xs(render([point("a", 42, 0.5), point("b", 42, 0.6)]))).toEqual([336, 336]);
    expect(render([point("a", 42, 0.5)])).not.toContain("NaN");
  });
});
