import { describe, expect, it } from "vitest";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { parseLeaderboardParams } from "@/lib/server/leaderboard/params";
import { renderIntl } from "../../../support/render-intl";
import { boardEntry } from "../../../support/board-entry";

// The judge column on the board: the per-row "within judge noise" mark (marks computed by
// judgeNoiseMarks, tests/integration/judge/judge-card.test.ts), its legend, and the header's link to the card.

const entry = (id: string, rank: number, value: number) =>
  boardEntry(id, rank, { overall: { value, ciLow: value - 0.05, ciHigh: value + 0.05, n: 100 } });

const entries = [entry("a", 1, 0.62), entry("b", 2, 0.61), entry("c", 3, 0.6), entry("d", 4, 0.3)];
const marks = { a: [2], b: [1, 3], c: [2] };
const table = (metric: string, noise: Record<string, number[]> | null, locale: "en" | "zh" = "en") =>
  renderIntl(
    <LeaderboardTable entries={entries} params={parseLeaderboardParams({ metric })} lowNMin={0} noise={noise} />,
    locale,
  );

describe("the board's judge column", () => {
  it("marks each row within judge noise of a rank neighbour, named and titled in English, and explains the mark", () => {
    const html = table("judge", marks);
    expect(html.match(/data-testid="within-judge-noise"/g)).toHaveLength(3);
    expect(html).toContain('data-ranks="1 3"');
    expect(html).toContain('<span class="sr-only">within judge noise of rank 1 and 3</span>');
    expect(html).toContain('title="Within judge noise: the judge-score difference to rank 2 is no larger than');
    expect(html).toContain('data-testid="judge-noise-legend"');
    expect(html).toContain("within judge noise: the judge-score difference to the neighbouring rank");
  });

  it("says the same in Chinese", () => {
    const html = table("judge", marks, "zh");
    expect(html).toContain('<span class="sr-only">与第 1和3 名的差距在评审波动范围内</span>');
    expect(html).toContain('title="在评审波动范围内：与第 2 名的评审分数差距不超过评审实测的重复波动');
    expect(html).toContain("与相邻名次的评审分数差距不超过评审实测的重复波动");
  });

  it("links its header to the judge card on About, a focusable link named in both languages", () => {
    const link =
      /<a href="\/about#judge-card" class="[^"]*" title="([^"]+)" data-testid="judge-card-link">([^<]+)<\/a>/;
    expect(table("judge", null).match(link)?.slice(1)).toEqual([
      "How far the judge score can be trusted: the judge card on About",
      "Judge card",
    ]);
    expect(table("judge", null, "zh").match(link)?.slice(1)).toEqual(["评审分数的可信度：“关于”页的评审卡", "评审卡"]);
  });

  it("has no mark and no legend line while the noise is unmeasured, and other metrics have neither mark nor link", () => {
    const unmeasured = table("judge", null);
    expect(unmeasured).not.toContain("within-judge-noise");
    expect(unmeasured).not.toContain("judge-noise-legend");
    const f1 = table("f1", marks);
    expect(f1).not.toContain("within-judge-noise");
    expect(f1).not.toContain("judge-card-link");
    expect(f1).not.toContain("judge-noise-legend");
  });
});
