import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CategoryPanel, RowCategories, RowCategoriesProvider } from "@/components/leaderboard/row-categories";
import { panelLabels } from "@/components/leaderboard/panel-labels";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";

const cell = { value: 0.8, ciLow: 0.61, ciHigh: 0.93, n: 12 };
const render = (node: React.ReactNode, locale: "en" | "zh" = "en") =>
  // No NextIntlClientProvider: the panel runs without the client translation library (issue 46).
  renderToStaticMarkup(
    <RowCategoriesProvider
      value={{ sortHrefs: { TR: "/?split=dyadic&sort=-TR" }, labels: panelLabels(locale, locale === "zh" ? zh : en) }}
    >
      {node}
    </RowCategoriesProvider>,
  );

describe("a board row's Categories panel on a phone", () => {
  it("is served closed and light: the summary and, for a page without JavaScript, a link to the entry page", () => {
    const html = render(<RowCategories mainTypes={{}} categories={{ TR: cell }} entryHref="/entries/e1" />);
    expect(html).toContain("<summary");
    expect(html).toContain(">Categories</summary>");
    expect(html).toContain('href="/entries/e1"');
    expect(html).toContain("All scores on the entry page");
    expect(html).not.toContain('data-testid="panel-ci"');
    expect(render(<RowCategories mainTypes={{}} categories={{}} />, "zh")).toContain(">类别</summary>");
  });

  it("when open, shows each category with its sort link, interval and n, low n and the below-reference mark", () => {
    const html = render(
      <CategoryPanel mainTypes={{ RECALL: cell }} categories={{ TR: { ...cell, n: 4 } }} lowNMin={30} below={["TR"]} />,
    );
    expect(html).toContain('href="/?split=dyadic&amp;sort=-TR"');
    expect(html).toContain('title="Temporal Reasoning: rank by it"');
    expect(html).toContain("95% CI 0.61-0.93, n 4");
    expect(html).toContain('aria-label="low n, n=4"');
    expect(html).toContain("(below the best trivial reference)");
    expect(html).toContain("Memory Recall");
  });
});
