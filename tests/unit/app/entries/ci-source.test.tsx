import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CiSource } from "@/app/(site)/entries/[id]/_components/ci-source";
import type { EntrySource } from "@/lib/server/submissions/source";
import { WithIntl } from "@/tests/support/intl";

const SHA = "0123456789abcdef0123456789abcdef01234567";
const stated = (over: Partial<EntrySource> = {}): EntrySource => ({
  repo: "acme/mem-x",
  commit: SHA,
  run: "https://ghe.example/acme/mem-x/actions/runs/7",
  verified: false,
  ref: null,
  workflow: null,
  ...over,
});

describe("CiSource (entry page: CI provenance)", () => {
  it("verified: says 'Verified from CI' and links the repository, the commit and the run", () => {
    const html = renderToStaticMarkup(
      <WithIntl>
        <CiSource source={stated({ verified: true, ref: "refs/heads/main" })} webUrl="https://ghe.example" />
      </WithIntl>,
    );
    expect(html).toContain("Verified from CI");
    expect(html).not.toContain("Stated by the submitter");
    expect(html).toContain('href="https://ghe.example/acme/mem-x"');
    expect(html).toContain(`href="https://ghe.example/acme/mem-x/commit/${SHA}"`);
    expect(html).toContain("<code>0123456789ab</code>");
    expect(html).toContain('href="https://ghe.example/acme/mem-x/actions/runs/7"');
    expect(html).toContain("<code>refs/heads/main</code>");
  });

  it("typed by the submitter: 'stated by the submitter', never 'Verified from CI'", () => {
    const html = renderToStaticMarkup(
      <WithIntl>
        <CiSource source={stated()} webUrl="https://ghe.example" />
      </WithIntl>,
    );
    expect(html).toContain("Stated by the submitter");
    expect(html).toContain("not verified");
    expect(html).not.toContain("Verified from CI");
    expect(html).toContain('data-verified="false"');
  });

  it("shows only the repository when commit and run are unknown", () => {
    const html = renderToStaticMarkup(
      <WithIntl>
        <CiSource source={stated({ commit: null, run: null })} webUrl="https://github.com" />
      </WithIntl>,
    );
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).not.toContain(", commit");
  });

  it("reads in Chinese with the same links", () => {
    const verified = renderToStaticMarkup(
      <WithIntl locale="zh">
        <CiSource source={stated({ verified: true, run: null })} webUrl="https://github.com" />
      </WithIntl>,
    );
    expect(verified).toContain("已由 CI 验证");
    expect(verified).toContain(`href="https://github.com/acme/mem-x/commit/${SHA}"`);
    expect(verified).not.toContain("Verified from CI");
    const typed = renderToStaticMarkup(
      <WithIntl locale="zh">
        <CiSource source={stated()} webUrl="https://github.com" />
      </WithIntl>,
    );
    expect(typed).toContain("提交者自述");
    expect(typed).not.toContain("已由 CI 验证");
  });
});
