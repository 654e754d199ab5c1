import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeatCell } from "@/components/leaderboard/heat-cell";
import { CategoryPanel, RowCategoriesProvider } from "@/components/leaderboard/row-categories";
import { panelLabels } from "@/components/leaderboard/panel-labels";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";

const cell = { value: 0.8, ciLow: 0.61, ciHigh: 0.93, n: 12 };
const render = (node: React.ReactNode, locale: "en" | "zh" = "en") =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "zh" ? zh : en} timeZone="UTC">
      <table>
        <tbody>
          <tr>{node}</tr>
        </tbody>
      </table>
    </NextIntlClientProvider>,
  );

describe("a score cell read without a mouse (issue 32)", () => {
  it("is focusable and named with its value, 95% interval and n", () => {
    const html = render(<HeatCell cell={cell} label="Temporal Reasoning" compact />);
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('aria-label="Temporal Reasoning 0.80, 95% CI 0.61-0.93, n 12"');
    expect(html).toContain('class="cell-ci" data-testid="cell-ci">0.61-0.93 · n 12</span>');
  });

  it("says low n and below the reference in words, in both languages", () => {
    const html = render(<HeatCell cell={cell} label="Temporal Reasoning" lowNMin={30} reference={0.9} compact />);
    expect(html).toContain("n 12; low n: fewer than 30 questions; below the best trivial reference (0.90)");
    const zhHtml = render(<HeatCell cell={cell} label="时间顺序推理" lowNMin={30} compact />, "zh");
    expect(zhHtml).toContain('aria-label="时间顺序推理 0.80，95% 置信区间 0.61-0.93，n 12; n 较小：题目少于 30 道"');
  });

  it("without a label (or without an interval) stays out of the tab order", () => {
    expect(render(<HeatCell cell={cell} compact />)).not.toContain("tabindex");
    const noCi = render(<HeatCell cell={{ ...cell, ciLow: null, ciHigh: null }} label="X" compact />);
    expect(noCi).not.toContain("tabindex");
  });

  it("on the board, the name starts with the entry's; a reference row's cell is not a tab stop (issue 45, point 5)", () => {
    const html = render(<HeatCell cell={cell} label="Temporal Reasoning" entry="MemGPT" compact />);
    expect(html).toContain('aria-label="MemGPT, Temporal Reasoning 0.80, 95% CI 0.61-0.93, n 12"');
    expect(html).toMatch(/class="heat score-cell"/);
    const ref = render(
      <HeatCell cell={cell} label="Temporal Reasoning" entry="Always refuse" tabbable={false} compact />,
    );
    expect(ref).not.toContain("tabindex");
    expect(ref).toContain('aria-label="Always refuse, Temporal Reasoning');
  });

  it("the phone's Categories panel prints interval and n", () => {
    const html = renderToStaticMarkup(
      <RowCategoriesProvider value={{ sortHrefs: {}, labels: panelLabels("en", en) }}>
        <CategoryPanel mainTypes={{}} categories={{ TR: cell }} />
      </RowCategoriesProvider>,
    );
    expect(html).toContain("95% CI 0.61-0.93, n 12");
  });
});
