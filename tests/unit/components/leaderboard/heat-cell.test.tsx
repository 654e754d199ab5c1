import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeatCell } from "@/components/leaderboard/heat-cell";
import { ScoreTables } from "@/components/ui/score-table";
import { WithIntl } from "../../../support/intl";

const cell = (n: number) => ({ value: 0.5, ciLow: 0.4, ciHigh: 0.6, n });

describe("n on every score cell", () => {
  it("every cell names its n in the tooltip; below LOW_N_MIN it is visibly marked low-n", () => {
    const low = renderToStaticMarkup(<table><tbody><tr><HeatCell cell={cell(21)} lowNMin={30} /></tr></tbody></table>);
    expect(low).toContain("n=21 (low n: fewer than 30)");
    expect(low).toContain("data-low-n");
    expect(low).toContain("low n, n=21");
    const ok = renderToStaticMarkup(<table><tbody><tr><HeatCell cell={cell(30)} lowNMin={30} /></tr></tbody></table>);
    expect(ok).toContain("n=30");
    expect(ok).not.toContain("data-low-n");
    // 0 turns the marking off.
    expect(renderToStaticMarkup(<table><tbody><tr><HeatCell cell={cell(1)} lowNMin={0} /></tr></tbody></table>)).not.toContain("data-low-n");
  });

  it("the entry page's score tables mark low-n rows", () => {
    const rows = [
      { split: "multi-party", scope: "ALL", metric: "f1", aggregate: "micro", ...cell(190) },
      { split: "multi-party", scope: "AR", metric: "f1", aggregate: "micro", ...cell(21) },
    ];
    const html = renderToStaticMarkup(<WithIntl><ScoreTables rows={rows} lowNMin={30} /></WithIntl>);
    expect(html.match(/data-low-n/g)).toHaveLength(1);
    expect(html).toContain("low n");
    expect(html).toContain("low n: fewer than 30 questions");
    // The same table in Chinese: the benchmark's own category name, the split's Chinese name.
    const zh = renderToStaticMarkup(<WithIntl locale="zh"><ScoreTables rows={rows} lowNMin={30} /></WithIntl>);
    expect(zh).toContain("信息缺失时拒答");
    expect(zh).toContain("多人对话（micro 平均");
    expect(zh).toContain("样本少：不足 30 个问题");
  });
});
