import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderToStaticMarkup as render } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeatCell } from "@/components/leaderboard/heat-cell";
import { ScoreTables } from "@/components/ui/score-table";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";

const cell = (n: number) => ({ value: 0.5, ciLow: 0.4, ciHigh: 0.6, n });
const renderToStaticMarkup = (node: ReactNode, locale: "en" | "zh" = "en") =>
  render(
    <NextIntlClientProvider locale={locale} messages={locale === "zh" ? zh : en} timeZone="UTC">
      {node}
    </NextIntlClientProvider>,
  );

describe("n on every score cell", () => {
  it("every cell names its n in the tooltip; below LOW_N_MIN it is visibly marked low-n", () => {
    const low = renderToStaticMarkup(
      <table>
        <tbody>
          <tr>
            <HeatCell cell={cell(21)} lowNMin={30} />
          </tr>
        </tbody>
      </table>,
    );
    expect(low).toContain("n=21 (low n: fewer than 30)");
    expect(low).toContain("data-low-n");
    expect(low).toContain("low n, n=21");
    const ok = renderToStaticMarkup(
      <table>
        <tbody>
          <tr>
            <HeatCell cell={cell(30)} lowNMin={30} />
          </tr>
        </tbody>
      </table>,
    );
    expect(ok).toContain("n=30");
    expect(ok).not.toContain("data-low-n");
    // 0 turns the marking off.
    expect(
      renderToStaticMarkup(
        <table>
          <tbody>
            <tr>
              <HeatCell cell={cell(1)} lowNMin={0} />
            </tr>
          </tbody>
        </table>,
      ),
    ).not.toContain("data-low-n");
  });

  it("says so in the visitor's language", () => {
    const low = renderToStaticMarkup(
      <table>
        <tbody>
          <tr>
            <HeatCell cell={cell(21)} lowNMin={30} />
          </tr>
        </tbody>
      </table>,
      "zh",
    );
    expect(low).toContain("n=21（低 n：少于 30）");
    expect(low).toContain("低 n，n=21");
    expect(low).toContain(">0.50<");
  });

  it("the entry page's score tables mark low-n rows", () => {
    const rows = [
      { split: "multi-party", scope: "ALL", metric: "f1", aggregate: "micro", ...cell(190) },
      { split: "multi-party", scope: "AR", metric: "f1", aggregate: "micro", ...cell(21) },
    ];
    const html = renderToStaticMarkup(<ScoreTables rows={rows} lowNMin={30} />);
    expect(html.match(/data-low-n/g)).toHaveLength(1);
    expect(html).toContain("low n");
  });
});
