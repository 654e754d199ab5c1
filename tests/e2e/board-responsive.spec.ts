import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { baseURL } from "../../playwright.config";

// The board at a phone's, a tablet's and a laptop's width, in both locales (issue 17 point 2):
// the first entry's rank, method and headline score with its interval are in view without any
// sideways scrolling; on a phone the categories are one tap away; at 1366 px every column fits;
// the header row and the rank + method columns stay in place while the board scrolls.
// Screenshots are kept as artifacts (test-results/, attached to the report).

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
];
const HTML_LANG = { en: "en", zh: "zh-Hans" } as const;

async function open(
  page: Page,
  locale: keyof typeof HTML_LANG,
  size: { width: number; height: number },
  path = "/",
): Promise<void> {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
  await page.setViewportSize(size);
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/** The element's box lies inside the viewport and inside the board's own scroll box. */
async function expectInView(page: Page, testId: string): Promise<void> {
  const r = await page
    .getByTestId("leaderboard-row")
    .first()
    .getByTestId(testId)
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      const region = el.closest('[data-testid="leaderboard-region"]')!.getBoundingClientRect();
      return {
        box: box.toJSON() as DOMRect,
        region: region.toJSON() as DOMRect,
        vw: document.documentElement.clientWidth,
        vh: window.innerHeight,
      };
    });
  expect(r.box.width, `${testId} is displayed`).toBeGreaterThan(0);
  expect(r.box.left).toBeGreaterThanOrEqual(Math.max(0, r.region.left) - 1);
  expect(r.box.right).toBeLessThanOrEqual(Math.min(r.vw, r.region.right) + 1);
  expect(r.box.top).toBeGreaterThanOrEqual(0);
  expect(r.box.bottom).toBeLessThanOrEqual(r.vh);
}

for (const locale of ["en", "zh"] as const) {
  for (const size of SIZES) {
    test(`${locale} at ${size.width} px: the first entry's headline score is in view without scrolling sideways`, async ({
      page,
    }, testInfo) => {
      await open(page, locale, size);
      const row = page.getByTestId("leaderboard-row").first();
      await expect(row.getByTestId("headline")).toContainText(/\d\.\d{3}\s*\[\d\.\d{3}, \d\.\d{3}\]/);
      if (size.width === 390) {
        // A phone's first screen, before any scrolling: the filters fold away, the first entry shows.
        await expect(page.getByTestId("board-filters")).not.toHaveAttribute("open");
        for (const id of ["rank", "method", "headline"]) await expectInView(page, id);
        await keepScreenshot(page, testInfo, `board-${locale}-${size.width}-first-screen`);
        await page.getByTestId("board-filters").locator("summary").click();
        await expect(page.getByLabel(locale === "en" ? "Metric" : /指标/).first()).toBeVisible();
      }
      // Only vertical scrolling: bring the first entry's row to the top of the screen.
      const top = await row.evaluate((tr) => tr.getBoundingClientRect().top + window.scrollY);
      await page.evaluate((y) => window.scrollTo(0, Math.max(0, y - 120)), top);
      const scroll = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        x: window.scrollX,
        board: document.querySelector('[data-testid="leaderboard-region"]')!.scrollLeft,
      }));
      expect(scroll).toEqual({ page: expect.any(Number), x: 0, board: 0 });
      expect(scroll.page, "the page itself never scrolls sideways").toBeLessThanOrEqual(1);
      for (const id of ["rank", "method", "headline"]) await expectInView(page, id);
      await keepScreenshot(page, testInfo, `board-${locale}-${size.width}`);

      const region = page.getByTestId("leaderboard-region");
      if (size.width === 1366) {
        // Every column fits: the board's box has nothing to scroll to, and every header is inside it.
        const fit = await region.evaluate((r) => {
          const right = r.getBoundingClientRect().right;
          const out = [...r.querySelectorAll("thead th")]
            .filter((th) => th.getBoundingClientRect().right > right + 1)
            .map((th) => th.textContent);
          return { overflow: r.scrollWidth - r.clientWidth, out };
        });
        expect(fit.out).toEqual([]);
        expect(fit.overflow).toBeLessThanOrEqual(1);
        await expect(row.getByTestId("cat-AR")).toBeVisible();
        await expect(row.getByTestId("row-categories")).toBeHidden();
      }
      if (size.width === 390) {
        // Categories are not columns here but one tap away in the row.
        await expect(row.getByTestId("cat-CD")).toBeHidden();
        const column = await row.getByTestId("cat-CD").evaluate((td) => td.firstChild?.textContent);
        await row.getByTestId("row-categories").locator("summary").click();
        await expect(row.getByTestId("row-cat-CD")).toBeVisible();
        await expect(row.getByTestId("row-cat-CD").locator("dd")).toHaveText(
          new RegExp(`^${column!.replace(".", "\\.")}`),
        );
        await keepScreenshot(page, testInfo, `board-${locale}-${size.width}-categories`);
      }
    });
  }
}

test("phone: a category code in a row ranks the board by it and shows its column beside the headline", async ({
  page,
}, testInfo) => {
  await open(page, "en", SIZES[0]!);
  const row = page.getByTestId("leaderboard-row").first();
  await row.getByTestId("row-categories").locator("summary").click();
  await row.getByTestId("row-cat-CD").getByRole("link", { name: "CD" }).click();
  await expect(page).toHaveURL(/sort=-CD/);
  const first = page.getByTestId("leaderboard-row").first();
  await expect(first.getByTestId("cat-CD")).toBeVisible();
  await expect(first.getByTestId("cat-TR")).toBeHidden();
  await expect(first.getByTestId("rank")).toContainText("in CD");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await keepScreenshot(page, testInfo, "board-en-390-sorted-CD");
});

test("the header row and the rank and method columns stay in place while the board scrolls", async ({
  page,
}, testInfo) => {
  // A short screen, so that the board's own box scrolls both ways.
  await open(page, "en", { width: 768, height: 360 });
  const region = page.getByTestId("leaderboard-region");
  await region.scrollIntoViewIfNeeded();
  const where = () =>
    region.evaluate((r) => {
      const tr = r.querySelector('[data-testid="leaderboard-row"]')!;
      return {
        box: r.getBoundingClientRect().toJSON() as DOMRect,
        header: r.querySelector("thead")!.getBoundingClientRect().top,
        method: tr.querySelector("th")!.getBoundingClientRect().left,
        rank: tr.querySelector('[data-testid="rank"]')!.getBoundingClientRect().left,
        organization: tr.querySelector("th + td")!.getBoundingClientRect().left,
        row: tr.getBoundingClientRect().top,
        scrollable: { x: r.scrollWidth > r.clientWidth, y: r.scrollHeight > r.clientHeight },
      };
    });
  const before = await where();
  expect(before.scrollable).toEqual({ x: true, y: true });
  await region.evaluate((r) => r.scrollTo(400, 120));
  await expect.poll(async () => (await where()).organization).toBeLessThan(before.organization - 100);
  const after = await where();
  expect(after.row, "the rows scrolled up").toBeLessThan(before.row - 50);
  expect(after.header, "the header row did not").toBeCloseTo(after.box.top, 0);
  expect(after.method).toBeCloseTo(before.method, 0);
  expect(after.rank).toBeCloseTo(before.rank, 0);
  await keepScreenshot(page, testInfo, "board-en-768-scrolled");
});
