import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UnscoredNoteText } from "@/components/leaderboard/unscored-note";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";

const missing = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `e${i}`, methodName: `Method ${i}` }));
const render = (n: number, locale: "en" | "zh" = "en") =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "zh" ? zh : en} timeZone="UTC">
      <UnscoredNoteText missing={missing(n)} />
    </NextIntlClientProvider>,
  );

describe("the board's note on approved entries not scored under the published version", () => {
  it("names each of them with a link, and counts the rest past 20", () => {
    expect(render(0)).toBe("");
    const one = render(1);
    expect(one).toContain("<strong>1</strong> approved entry is not yet scored");
    expect(one).toContain('<a href="/entries/e0">Method 0</a></span>.');
    const many = render(23);
    expect(many).toContain("<strong>23</strong> approved entries are");
    expect(many).toContain('<a href="/entries/e19">Method 19</a>');
    expect(many).not.toContain("Method 20<");
    expect(many).toContain(" and 3 more.");
  });

  it("in Chinese too", () => {
    const zhMany = render(23, "zh");
    expect(zhMany).toContain("<strong>23</strong> 个已批准条目尚未按此评分器版本评分");
    expect(zhMany).toContain('<a href="/entries/e0">Method 0</a>');
    expect(zhMany).toContain("，以及另外 3 个。");
  });
});
