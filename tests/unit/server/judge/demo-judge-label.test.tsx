import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { judgeMetricLabel } from "@/lib/server/judge/demo-judge";
import { ScoreTables } from "@/components/ui/score-table";
import en from "@/lib/i18n/messages/en.json";

// Issue 45, point 7: the demo judge is labelled on private results, the review queue and badges as on the board.
const DEMO = "lex-1+nltk35+sw198+judge=h2hmem-demo-judge@h2h1-deadbeef";
const REAL = "lex-1+nltk35+sw198+judge=gpt-4o-mini@h2h1-deadbeef";

describe("the demo judge's label", () => {
  it("one label per scorer version, for the badge and the review queue", () => {
    expect(judgeMetricLabel(DEMO)).toBe("demo judge");
    expect(judgeMetricLabel(REAL)).toBe("judge");
    expect(judgeMetricLabel(null)).toBe("judge");
  });

  it("the score tables of a submission's private results name it", () => {
    const row = { split: "overall", scope: "ALL", value: 0.5, ciLow: 0.4, ciHigh: 0.6, n: 10, aggregate: "micro" };
    const html = (demoJudge: boolean) =>
      renderToStaticMarkup(
        <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
          <ScoreTables
            rows={[
              { ...row, metric: "judge" },
              { ...row, metric: "f1" },
            ]}
            demoJudge={demoJudge}
          />
        </NextIntlClientProvider>,
      );
    expect(html(true)).toContain(`${en.common.metrics.judge} (demo judge)`);
    expect(html(false)).not.toContain("(demo judge)");
  });
});
