import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { ProvenanceSection } from "@/app/(site)/about/_components/provenance-section";
import { resetEnvCache } from "@/lib/server/env";

// The About page's account of "Verified from CI" and Hugging Face sign-in, in both languages.

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

function setEnv(vars: Record<string, string | undefined>) {
  process.env = { ...saved, DATABASE_URL: "postgresql://x@127.0.0.1/none", ...vars };
  for (const [k, v] of Object.entries(vars)) if (v === undefined) delete process.env[k];
  resetEnvCache();
}

describe("ProvenanceSection (About page)", () => {
  it("names the configured CI issuer and says Hugging Face sign-in is on when configured", async () => {
    setEnv({ CI_OIDC_ISSUER: "https://ghe.example/_services/token", HF_CLIENT_ID: "id", HF_CLIENT_SECRET: "s" });
    const html = renderToStaticMarkup(await ProvenanceSection({ locale: "en" }));
    expect(html).toContain('<code class="break-all">https://ghe.example/_services/token</code>');
    expect(html).toContain("Verified from CI");
    expect(html).toContain("stated by the submitter");
    expect(html).toContain("You can sign in with your Hugging Face account");
  });

  it("defaults to GitHub's issuer, says when Hugging Face is off, and reads in Chinese", async () => {
    setEnv({ CI_OIDC_ISSUER: undefined, HF_CLIENT_ID: undefined, HF_CLIENT_SECRET: undefined });
    const en = renderToStaticMarkup(await ProvenanceSection({ locale: "en" }));
    expect(en).toContain("https://token.actions.githubusercontent.com");
    expect(en).toContain("not configured");
    const zh = renderToStaticMarkup(await ProvenanceSection({ locale: "zh" }));
    expect(zh).toContain("已由 CI 验证");
    expect(zh).toContain("提交者自述");
    expect(zh).not.toContain("Verified from CI");
  });
});
