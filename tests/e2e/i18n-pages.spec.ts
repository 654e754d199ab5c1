import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";

// The entry and compare pages in both locales (docs/ARCHITECTURE.md, Translations): Chinese
// headings, the benchmark's Chinese category names, locale-formatted dates and ranks, and no
// serious accessibility violation in either language.

type ApiEntry = { id: string; methodName: string };
type ApiDetail = { id: string; createdAt: string };

async function entries(page: Page): Promise<ApiEntry[]> {
  const board = (await (
    await page.request.get("/api/v1/leaderboard?split=overall&aggregate=micro&metric=f1")
  ).json()) as { entries: ApiEntry[] };
  expect(board.entries.length).toBeGreaterThanOrEqual(2);
  return board.entries;
}

async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
  ).toEqual([]);
}

const card = (page: Page, term: string) =>
  page.locator("section[aria-labelledby='card-h'] dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");

test("an entry page in Chinese (locale cookie): headings, category names, dates and ranks; in English as before", async ({
  page,
  context,
}) => {
  const [first] = await entries(page);
  const detail = (await (await page.request.get(`/api/v1/entries/${first!.id}`)).json()) as ApiDetail;
  const created = new Date(detail.createdAt);

  await context.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL }]);
  await page.goto(`/entries/${first!.id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.getByTestId("entry-title")).toHaveText(first!.methodName);
  for (const h of ["在排行榜上的位置", "失败情况", "所有指标（按子集和类别）", "来源信息", "引用此条目"]) {
    await expect(page.getByRole("heading", { level: 2, name: h })).toBeVisible();
  }
  const overall = page.getByTestId("standing-overall");
  await expect(overall.locator("caption")).toHaveText(/^总体：/);
  await expect(overall.locator("tr[data-scope='UPR'] th")).toContainText("单模态事实回忆");
  await expect(overall.locator("tr[data-scope='AR'] th")).toContainText("信息缺失时拒答");
  await expect(overall.locator("tr[data-scope='RECALL'] th")).toHaveText("记忆召回");
  await expect(overall.locator("tr[data-scope='ALL'] th")).toHaveText("全部问题");
  await expect(page.getByTestId("rank-overall-ALL")).toHaveText(/^第 \d+=? 名，共 \d+ 个$/);
  await expect(overall.locator("tr[data-scope='ALL'] td").first()).toContainText(/\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]/);
  // Dates in the Chinese calendar form (UTC), not ISO.
  await expect(card(page, "提交时间")).toHaveText(
    `${created.getUTCFullYear()}年${created.getUTCMonth() + 1}月${created.getUTCDate()}日`,
  );
  await expect(page.getByTestId("split-gap").locator("thead")).toContainText("双人对话");
  await expect(page.getByRole("navigation", { name: "指标" })).toBeVisible();
  await expectAccessible(page);

  // ?lang=en wins over the cookie (and resets it): the English page, dates as "Dec 1, 2026".
  await page.goto(`/entries/${first!.id}?lang=en`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 2, name: "Standing on the board" })).toBeVisible();
  await expect(page.getByTestId("standing-overall").locator("tr[data-scope='UPR'] th")).toContainText(
    "Unimodal Precise Recall",
  );
  await expect(page.getByTestId("rank-overall-ALL")).toHaveText(/^\d+=? of \d+$/);
  const enDate = new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(created);
  await expect(card(page, "Submitted")).toHaveText(enDate);
  await expectAccessible(page);
});

test("the compare page in Chinese (?lang=zh): headings, form, table and category names", async ({ page }) => {
  const [a, b] = await entries(page);
  await page.goto(`/compare?ids=${a!.id},${b!.id}&lang=zh`);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.getByRole("heading", { level: 1, name: "比较条目" })).toBeVisible();
  await expect(page.getByLabel("条目 A", { exact: true })).toHaveValue(a!.id);
  await expect(page.getByLabel("条目 C（可选）")).toBeVisible();
  await expect(page.getByRole("button", { name: "比较" })).toBeVisible();
  const table = page.getByTestId("compare-table");
  await expect(table).toContainText("全部问题");
  await expect(table.locator("thead")).toContainText("结论");
  await expect(table.locator("abbr[title='时间顺序推理']")).toHaveText("TR");
  await expect(table.locator("tbody tr").first().locator("td").nth(4)).toHaveText(/^\[-?\d\.\d{3}, -?\d\.\d{3}\]$/);
  await expect(page.getByRole("heading", { level: 2, name: "各条目显著更好的方面" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: `${a!.methodName} 对比 ${b!.methodName}` })).toBeVisible();
  await expect(page.getByRole("figure")).toContainText("所比较条目在各类别上的 F1（总体，micro）");
  await expectAccessible(page);
});
