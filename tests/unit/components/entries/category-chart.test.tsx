import { describe, expect, it } from "vitest";
import { CategoryChart } from "@/components/entries/category-chart";
import { renderIntl } from "../../../support/render-intl";

// Drawn on the server (issue 46): the markup itself holds the bars, no client code draws them.
const bars = (html: string) => [
  ...html.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g),
];

describe("the category chart", () => {
  const data = [
    { code: "UPR", name: "User preference recall", a: 0.5, b: 1 },
    { code: "CRR", name: "Cross-session recall", a: 0, b: null },
  ];
  const series = [
    { key: "a", label: "Entry A", color: "#1d4ed8" },
    { key: "b", label: "Entry B", color: "#b45309" },
  ];

  it("draws one bar per category and series with a value, titled with the score, beside a legend and caption", () => {
    const html = renderIntl(<CategoryChart data={data} series={series} title="F1 by category" />);
    expect(bars(html)).toHaveLength(3);
    expect(html).toContain("<title>User preference recall · Entry B: 1.000</title>");
    expect(html).toContain("Entry A</li>");
    expect(html).toContain("<figcaption");
    expect(html).toContain('aria-label="F1 by category"');
    expect(html).not.toContain("NaN");
    // A score of 1 reaches the top of the plot, half of it the middle.
    const heights = bars(html).map((m) => Number(m[4]));
    expect(heights[1]).toBeCloseTo(heights[0]! * 2);
  });

  it("draws sensibly with one entry and one category", () => {
    const html = renderIntl(<CategoryChart data={[data[0]!]} series={[series[0]!]} title="One" />, "zh");
    const [bar] = bars(html);
    expect(bars(html)).toHaveLength(1);
    expect(Number(bar![3])).toBeGreaterThan(100);
    expect(html).not.toContain("NaN");
  });
});
