import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CiSource } from "@/app/(site)/entries/[id]/_components/ci-source";
import { WithIntl } from "@/tests/support/intl";

describe("CiSource (entry page: submitted from CI)", () => {
  it("links the repository, the commit and the run on the configured GitHub host", () => {
    const html = renderToStaticMarkup(
      <WithIntl>
        <CiSource
          source={{
            repo: "acme/mem-x",
            commit: "0123456789abcdef0123456789abcdef01234567",
            run: "https://ghe.example/acme/mem-x/actions/runs/7",
          }}
          webUrl="https://ghe.example"
        />
      </WithIntl>,
    );
    expect(html).toContain("Submitted from CI");
    expect(html).toContain('href="https://ghe.example/acme/mem-x"');
    expect(html).toContain('href="https://ghe.example/acme/mem-x/commit/0123456789abcdef0123456789abcdef01234567"');
    expect(html).toContain("<code>0123456789ab</code>");
    expect(html).toContain('href="https://ghe.example/acme/mem-x/actions/runs/7"');
  });

  it("shows only the repository when commit and run are unknown", () => {
    const html = renderToStaticMarkup(
      <WithIntl>
        <CiSource source={{ repo: "acme/mem-x", commit: null, run: null }} webUrl="https://github.com" />
      </WithIntl>,
    );
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).not.toContain("commit");
  });

  it("reads in Chinese with the same links", () => {
    const html = renderToStaticMarkup(
      <WithIntl locale="zh">
        <CiSource
          source={{ repo: "acme/mem-x", commit: "0123456789abcdef0123456789abcdef01234567", run: null }}
          webUrl="https://github.com"
        />
      </WithIntl>,
    );
    expect(html).toContain("通过 CI 提交");
    expect(html).toContain('href="https://github.com/acme/mem-x/commit/0123456789abcdef0123456789abcdef01234567"');
    expect(html).not.toContain("Submitted from CI");
  });
});
