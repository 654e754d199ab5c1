import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { JudgePanelButton } from "@/app/(site)/admin/_components/judge-panel-button";
import en from "@/lib/i18n/messages/en.json";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined, push: () => undefined }) }));

// Issue 45, point 7: "No second judge configured" is a neutral note, not an error.
describe("JudgePanelButton without a second judge", () => {
  it("says so as a plain note (no alert role, no red)", () => {
    const html = renderToStaticMarkup(
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <JudgePanelButton run={async () => ({ ok: true, data: { id: "x", model: "m" } })} configured={false} />
      </NextIntlClientProvider>,
    );
    expect(html).toContain("No second judge configured");
    expect(html).not.toContain('role="alert"');
    expect(html).not.toMatch(/text-red-/);
  });
});
