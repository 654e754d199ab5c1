import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IssueList, type IssueView } from "@/components/submissions/issue-list";
import type { Locale } from "@/lib/i18n/locales";
import { WithIntl } from "../../../support/intl";

const issue = (severity: "error" | "warning", k: number): IssueView => ({
  severity,
  code: "E_X",
  file: "prediction_dyadic.json",
  path: `$[${k}]`,
  message: `bad ${k}`,
  fix: `fix ${k}`,
});
const render = (issues: IssueView[], locale: Locale = "en") =>
  renderToStaticMarkup(
    <WithIntl locale={locale}>
      <IssueList issues={issues} title="Problems" />
    </WithIntl>,
  );

describe("the validation issue list", () => {
  it("renders nothing without issues", () => {
    expect(render([])).toBe("");
  });

  it("counts errors and warnings with the right plural, labels each issue and its fix", () => {
    const one = render([issue("error", 0), issue("warning", 1)]);
    expect(one).toContain("Problems: 1 error, 1 warning");
    expect(one).toContain("Error</span>");
    expect(one).toContain("Warning</span>");
    expect(one).toContain("Fix: fix 0");
    const many = render([
      issue("error", 0),
      issue("error", 1),
      issue("warning", 2),
      issue("warning", 3),
      issue("warning", 4),
    ]);
    expect(many).toContain("Problems: 2 errors, 3 warnings");
  });

  it("lists the first 500 and counts the rest", () => {
    const html = render(Array.from({ length: 503 }, (_, k) => issue("warning", k)));
    expect(html).toContain("Problems: 0 errors, 503 warnings");
    expect(html).toContain("…and 3 more.");
    expect(html).not.toContain("bad 500");
  });

  it("in Chinese too", () => {
    const html = render([issue("error", 0), issue("warning", 1), issue("warning", 2)], "zh");
    expect(html).toContain("Problems：1 个错误，2 个警告");
    expect(html).toContain("错误</span>");
    expect(html).toContain("修正：fix 0");
    expect(html).not.toContain("Fix:");
  });
});
