import { expect, test, type Page } from "@playwright/test";
import { board, expectAccessible } from "./failure-and-cost-pages";

// Issue 48 in the browser: the entry page's Evidence panel shows the entry API's evidence numbers
// (the quick start's "Half-Recall" demo entry sends retrieved_sessions), in English and Chinese and
// on a phone, with the failure-split chart; an entry without retrieved sessions says "not reported".

type Stat = { value: number | null; n: number };
type Group = { split: string; scope: string; n: number; noGold: number; wrong: number } & Record<string, Stat>;
const pct = (v: number | null) => (v === null ? "–" : `${(v * 100).toFixed(1)}%`);

async function entries(page: Page) {
  const all = await board(page, "");
  const withEvidence = all.find((e) => e.methodName.includes("Half-Recall"))!;
  const without = all.find((e) => e.methodName.includes("Near-Oracle"))!;
  expect(withEvidence, "the demo's Half-Recall entry").toBeTruthy();
  const groups = (
    (await (await page.request.get(`/api/v1/entries/${withEvidence.id}`)).json()) as {
      evidence: { groups: Group[] } | null;
    }
  ).evidence!.groups;
  return { id: withEvidence.id, without: without.id, groups };
}

async function expectPanel(page: Page, groups: Group[]) {
  const panel = page.getByTestId("evidence-panel");
  await expect(panel).toBeVisible();
  for (const split of ["dyadic", "multi-party", "overall"]) {
    const g = groups.find((x) => x.split === split && x.scope === "ALL")!;
    const cells = page.getByTestId(`evidence-row-${split}`).locator("td");
    await expect(cells).toHaveText([
      pct(g.recallAt1!.value),
      pct(g.recallAt3!.value),
      pct(g.recallAt5!.value),
      pct(g.recallAtAll!.value),
      String(g.n),
      String(g.noGold),
    ]);
  }
  const all = groups.find((x) => x.split === "overall" && x.scope === "ALL")!;
  await expect(page.getByTestId("evidence-f1-hit")).toContainText(all.f1WhenRetrieved!.value!.toFixed(3));
  await expect(page.getByTestId("evidence-wrong-missed")).toContainText(pct(all.wrongMissedEvidence!.value));
  // One bar per category with wrong answers (when the entry was judged).
  const bars = groups.filter((x) => x.split === "overall" && x.scope !== "ALL" && x.wrong > 0).map((x) => x.scope);
  if (bars.length > 0) {
    await expect(page.getByTestId("evidence-chart")).toBeVisible();
    for (const c of bars) await expect(page.getByTestId(`evidence-bar-${c}`)).toHaveCount(1);
  }
}

test("the Evidence panel shows the API's numbers in English and Chinese; no retrieved sessions: not reported", async ({
  page,
}) => {
  const { id, without, groups } = await entries(page);
  await page.goto(`/entries/${id}?lang=en`);
  await expect(page.getByRole("heading", { name: "Evidence", exact: true })).toBeVisible();
  await expectPanel(page, groups);
  await expect(page.getByTestId("evidence-by-category")).toContainText("Recall@5");
  await expectAccessible(page);

  await page.goto(`/entries/${id}?lang=zh`);
  await expect(page.getByRole("heading", { name: "证据", exact: true })).toBeVisible();
  await expectPanel(page, groups);
  await expect(page.getByTestId("evidence-panel")).toContainText("检索到标准会话时的 F1");

  await page.goto(`/entries/${without}?lang=en`);
  await expect(page.getByTestId("evidence-none")).toHaveText(/^Not reported: this entry sent no retrieved sessions/);
  await expect(page.getByTestId("evidence-panel")).toHaveCount(0);
});

test("on a phone the Evidence panel fits the screen and keeps its numbers", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { id, groups } = await entries(page);
  await page.goto(`/entries/${id}?lang=zh`);
  await page.getByTestId("evidence-panel").scrollIntoViewIfNeeded();
  await expectPanel(page, groups);
  // The page does not scroll sideways; the chart scales to the width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const chart = page.getByTestId("evidence-chart");
  if ((await chart.count()) > 0) expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(375);
});
