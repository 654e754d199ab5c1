import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";

// Issue 48, point 4: the board's track switch, in both locales, on a laptop and a phone, without JavaScript.
// The seed's "Demo: Full-Context (synthetic)" declares a memory system with top-k 64; the upload's automatic
// placement moves it to the full-context track, so the memory view shows it only as a labelled reference line.

const FC = "Demo: Full-Context (synthetic)";
const WORDING = {
  en: {
    switch: "Track",
    memory: "Memory",
    full: "Full context",
    reference: "Reference: Full context",
    reason: /top-k \(64\)/,
  },
  zh: { switch: "赛道", memory: "记忆", full: "全上下文", reference: "参考：全上下文", reason: /top-k（64）/ },
} as const;

async function open(page: Page, locale: keyof typeof WORDING, path = "/"): Promise<void> {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
  await page.goto(path);
}

for (const locale of ["en", "zh"] as const) {
  for (const size of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    test(`${locale} at ${size.width} px: the track switch ranks each track on its own`, async ({ page }) => {
      const w = WORDING[locale];
      await page.setViewportSize(size);
      await open(page, locale);
      const nav = page.getByRole("navigation", { name: w.switch });
      await expect(nav.getByRole("link", { name: w.memory })).toHaveAttribute("aria-current", "page");
      // Memory view: the full-context entry is a labelled, unranked reference line, never a ranked row.
      const ref = page.getByTestId("track-reference-row").filter({ hasText: FC });
      await expect(ref).toHaveAttribute("data-track", "full-context");
      await expect(ref).toContainText(w.reference);
      await expect(page.getByTestId("leaderboard-row").filter({ hasText: FC })).toHaveCount(0);
      for (const rank of await page.getByTestId("leaderboard-row").getByTestId("rank").allTextContents())
        expect(rank).toMatch(/^\d+=?/);

      await nav.getByRole("link", { name: w.full }).click();
      await expect(page).toHaveURL(/[?&]track=full-context/);
      await expect(
        page.getByRole("navigation", { name: w.switch }).getByRole("link", { name: w.full }),
      ).toHaveAttribute("aria-current", "page");
      const row = page.getByTestId("leaderboard-row").filter({ hasText: FC });
      await expect(row.getByTestId("rank")).toHaveText(/^1=?$/);
      await expect(page.getByTestId("track-reference-row")).toHaveCount(0);
      await expect(page.getByTestId("leaderboard-row").filter({ hasText: "Near-Oracle" })).toHaveCount(0);

      // Its entry page says why it is there.
      await row.getByRole("link", { name: FC }).click();
      await expect(page.getByTestId("track-note")).toHaveAttribute("data-track", "full-context");
      await expect(page.getByTestId("track-reason")).toContainText(w.reason);
    });
  }
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the switch is plain links and the API takes the same param", async ({ page, request }) => {
    await open(page, "en", "/?track=full-context");
    await expect(page.getByTestId("leaderboard-row").filter({ hasText: FC })).toHaveCount(1);
    await page.getByTestId("track-switch").getByRole("link", { name: "Memory" }).click();
    await expect(page.getByTestId("track-reference-row").filter({ hasText: FC })).toHaveCount(1);
    const api = (await (await request.get("/api/v1/leaderboard?track=full-context")).json()) as {
      track: string;
      entries: Array<{ methodName: string; track: string }>;
    };
    expect(api.track).toBe("full-context");
    expect(api.entries.every((e) => e.track === "full-context")).toBe(true);
    expect(api.entries.map((e) => e.methodName)).toContain(FC);

    // Compare refuses nothing but says when the entries are on different tracks.
    const memory = (await (await request.get("/api/v1/leaderboard")).json()) as { entries: Array<{ id: string }> };
    const fc = api.entries.find((e) => e.methodName === FC) as unknown as { id: string };
    await page.goto(`/compare?ids=${fc.id},${memory.entries[0]!.id}`);
    await expect(page.getByTestId("compare-tracks")).toContainText("different tracks (Memory · Full context)");
    await page.goto(`/compare?ids=${memory.entries[0]!.id},${memory.entries[1]!.id}`);
    await expect(page.getByTestId("compare-tracks")).toHaveCount(0);
  });
});
