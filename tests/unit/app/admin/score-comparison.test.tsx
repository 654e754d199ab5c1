import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ScoreComparison } from "@/app/(site)/admin/_components/score-comparison";
import en from "@/lib/i18n/messages/en.json";

// Issue 45, point 7: the review detail compares as a split x scope matrix with category names.
const row = (split: string, scope: string, value: number) => ({
  split,
  scope,
  value,
  metric: "f1",
  aggregate: "micro",
  ciLow: null,
  ciHigh: null,
  n: 10,
});

describe("ScoreComparison", () => {
  it("one row per scope named as on the board, one column group per split", () => {
    const rows = ["overall", "dyadic"].flatMap((s) => [row(s, "ALL", 0.5), row(s, "TR", 0.25), row(s, "RECALL", 0.4)]);
    const other = { id: "b", methodName: "Baseline B", isBaseline: true, rows: [row("overall", "TR", 0.75)] };
    const html = renderToStaticMarkup(
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <ScoreComparison rows={rows} comparators={[other]} metric="f1" />
      </NextIntlClientProvider>,
    );
    expect(html).toContain(">Temporal Reasoning (TR)</th>");
    expect(html).toContain(`>${en.mainTypes.RECALL}</th>`);
    expect(html).not.toMatch(/· TR</);
    // Two split groups (overall, dyadic), each with this submission and the comparator.
    expect(html.match(/<th[^>]*colspan="2"[^>]*>/gi)).toHaveLength(2);
    expect(html.match(/Baseline B \(baseline\)/g)).toHaveLength(2);
    // Rows: all questions, the main type, the category (board order).
    expect(html.indexOf("All questions")).toBeLessThan(html.indexOf(en.mainTypes.RECALL));
    expect(html.indexOf(en.mainTypes.RECALL)).toBeLessThan(html.indexOf("Temporal Reasoning (TR)"));
  });
});
