import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";

// The UI's two locales (docs/ARCHITECTURE.md, Translations): the header switcher (?lang=) sets
// the NEXT_LOCALE cookie, Accept-Language decides a first visit, every page names its hreflang
// alternates, and the Chinese About page is complete server-rendered HTML (no JavaScript).

const header = (page: import("@playwright/test").Page) => page.getByRole("banner");

test("the header switcher changes <html lang> and the header, and the choice persists across pages", async ({
  page,
  context,
}) => {
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(header(page).getByRole("link", { name: "Leaderboard", exact: true })).toBeVisible();

  await header(page).getByRole("link", { name: "简体中文" }).click();
  // Exactly /about with the query: the public URL.
  await expect(page).toHaveURL(`${baseURL}/about?lang=zh`);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(header(page).getByRole("link", { name: "排行榜", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("关于 H2HMem 与本排行榜");
  expect((await context.cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("zh");

  // A client navigation through the header, then a full load without ?lang=: still Chinese.
  await header(page).getByRole("link", { name: "对比" }).click();
  await expect(page).toHaveURL(/\/compare$/);
  await expect(header(page).getByRole("link", { name: "English" })).toHaveAttribute("href", "/compare?lang=en");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(header(page).getByRole("link", { name: "提交", exact: true })).toBeVisible();

  // And back, keeping the other query parameters.
  await page.goto("/?split=dyadic");
  await header(page).getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/\?split=dyadic&lang=en$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(header(page).getByRole("link", { name: "Submit", exact: true })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("en");
});

test("Accept-Language zh gives Chinese on a first visit; the board's cached page is never shared across locales", async ({
  browser,
}) => {
  const zh = await browser.newContext({ locale: "zh-CN" });
  const en = await browser.newContext({ locale: "en-US" });
  try {
    const zhPage = await zh.newPage();
    const enPage = await en.newPage();
    // The same anonymous URL, at the same moment, in both locales.
    await Promise.all([zhPage.goto("/"), enPage.goto("/")]);
    await expect(zhPage.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(header(zhPage).getByRole("link", { name: "排行榜", exact: true })).toBeVisible();
    await expect(enPage.locator("html")).toHaveAttribute("lang", "en");
    await expect(header(enPage).getByRole("link", { name: "Leaderboard", exact: true })).toBeVisible();
    // Accept-Language alone sets no cookie; the cookie, once set, wins over it.
    expect((await zh.cookies()).some((c) => c.name === "NEXT_LOCALE")).toBe(false);
    await zh.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL }]);
    await zhPage.goto("/");
    await expect(zhPage.locator("html")).toHaveAttribute("lang", "en");
  } finally {
    await zh.close();
    await en.close();
  }
});

test("every page names its hreflang alternates", async ({ page }) => {
  await page.goto("/about?lang=zh");
  const alt = (lang: string) => page.locator(`head link[rel="alternate"][hreflang="${lang}"]`);
  // The alternates resolve to the public URLs.
  const resolved = async (lang: string) => new URL((await alt(lang).getAttribute("href"))!, baseURL).href;
  expect(await resolved("zh-Hans")).toBe(`${baseURL}/about?lang=zh`);
  expect(await resolved("en")).toBe(`${baseURL}/about?lang=en`);
  expect(await resolved("x-default")).toBe(`${baseURL}/about`);
  await page.goto("/compare");
  await expect(alt("zh-Hans")).toHaveAttribute("href", `${baseURL}/compare?lang=zh`);
});

test("the Chinese About page renders and switches language without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/about?lang=zh");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("关于 H2HMem 与本排行榜");
    await expect(page.getByRole("heading", { level: 2, name: "3 个主类型与 9 个类别" })).toBeVisible();
    await expect(page.getByText("信息缺失时拒答").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "记忆召回" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "引用排行榜" })).toBeVisible();
    await expect(page.getByText("英文停用词")).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About H2HMem and this leaderboard");
  } finally {
    await context.close();
  }
});
