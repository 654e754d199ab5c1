import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IssueList } from "@/components/submissions/issue-list";
import { pathParts } from "@/components/submissions/issue-path";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";

describe("issue paths as people count", () => {
  it("reads /predictions/5 as the 6th item and keeps the field", () => {
    expect(pathParts("/predictions/5/system_answer")).toEqual({ item: 6, field: "system_answer" });
    expect(pathParts("/predictions/0")).toEqual({ item: 1, field: null });
    expect(pathParts("/predictions")).toEqual({ item: null, field: null });
    expect(pathParts("")).toEqual({ item: null, field: null });
  });

  it("shows 'item 6' beside the JSON path, in both languages", () => {
    const issue = { severity: "error" as const, path: "/predictions/5/system_answer", message: "m" };
    const render = (locale: "en" | "zh") =>
      renderToStaticMarkup(
        <NextIntlClientProvider locale={locale} messages={locale === "zh" ? zh : en} timeZone="UTC">
          <IssueList issues={[issue]} title="t" />
        </NextIntlClientProvider>,
      );
    expect(render("en")).toContain("item 6 (system_answer)");
    expect(render("en")).toContain("/predictions/5/system_answer</code>");
    expect(render("zh")).toContain("第 6 项（system_answer）");
  });
});
