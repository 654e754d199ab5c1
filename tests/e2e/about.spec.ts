import { expect, test, type APIResponse } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { AUTHOR, signIn } from "./helpers";

// /about in English and in Chinese, for signed-out and signed-in visitors: rendered per request
// under the strict nonce CSP, the locale from ?lang=, the cookie or Accept-Language.

const scriptSrc = (csp: string | undefined) => (csp ?? "").split("; ").find((d) => d.startsWith("script-src")) ?? "";
const NONCE_SRC = /^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'$/;
const ZH_HEADING = "关于 H2HMem 与本排行榜";
const EN_HEADING = "About H2HMem and this leaderboard";

/** The page in `lang`: the nonce CSP and hardening headers, the public URL in every link. */
async function expectAbout(res: APIResponse, lang: "en" | "zh-Hans", heading: string) {
  expect(res.status()).toBe(200);
  expect(scriptSrc(res.headers()["content-security-policy"])).toMatch(NONCE_SRC);
  expect(res.headers()["x-frame-options"]).toBe("DENY");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  const html = await res.text();
  expect(html).toContain(`<html lang="${lang}"`);
  expect(html).toContain(heading);
  expect(html).toMatch(/hrefLang="zh-Hans" href="[^"]*\/about\?lang=zh"/);
  expect(html).toMatch(/hrefLang="x-default" href="[^"]*\/about"/);
  return html;
}

test("anonymous English visitors get /about, which runs its scripts under its CSP", async ({ page, request }) => {
  const res = await request.get("/about", { headers: { "accept-language": "en-US,en;q=0.9" } });
  const html = await expectAbout(res, "en", EN_HEADING);
  expect(html).toContain('href="/about?lang=zh"');

  const blocked: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "The answer key versions loaded here" })).toBeVisible();
  // Hydrated (client components run): the theme toggle reacts.
  await page.getByRole("group", { name: "Colour theme" }).getByRole("button", { name: "Dark" }).click();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  expect(blocked).toEqual([]);
});

test("a NEXT_LOCALE=zh cookie gets the Chinese /about", async ({ request }) => {
  const res = await request.get("/about", { headers: { cookie: "NEXT_LOCALE=zh", "accept-language": "en-US" } });
  const html = await expectAbout(res, "zh-Hans", ZH_HEADING);
  // The header in Chinese, the switcher offering English at the public URL.
  expect(html).toContain(">排行榜</a>");
  expect(html).toContain('href="/about?lang=en"');
  expect(html).toContain("<title>关于");
  // A cookie for English wins over Chinese in Accept-Language, as in lib/i18n/locales.ts.
  await expectAbout(
    await request.get("/about", { headers: { cookie: "NEXT_LOCALE=en", "accept-language": "zh-CN" } }),
    "en",
    EN_HEADING,
  );
});

test("Accept-Language zh and ?lang= get the Chinese /about", async ({ request }) => {
  for (const language of ["zh-CN,zh;q=0.9,en;q=0.8", "en;q=0.5, zh-TW;q=0.9"]) {
    await expectAbout(await request.get("/about", { headers: { "accept-language": language } }), "zh-Hans", ZH_HEADING);
  }
  const viaQuery = await request.get("/about?lang=zh");
  expect(viaQuery.headers()["set-cookie"]).toContain("NEXT_LOCALE=zh");
  await expectAbout(viaQuery, "zh-Hans", ZH_HEADING);
  const back = await request.get("/about?lang=en", { headers: { cookie: "NEXT_LOCALE=zh" } });
  expect(back.headers()["set-cookie"]).toContain("NEXT_LOCALE=en");
  await expectAbout(back, "en", EN_HEADING);
});

test("RSC fetches of /about get flight data, never HTML", async ({ request }) => {
  for (const headers of [{}, { cookie: "NEXT_LOCALE=zh" }, { "accept-language": "zh-CN" }] as Array<
    Record<string, string>
  >) {
    // Next answers an RSC fetch without its `_rsc` key with a redirect that adds it; followed here.
    const res = await request.get("/about", { headers: { ...headers, rsc: "1" } });
    expect(res.status(), JSON.stringify(headers)).toBe(200);
    expect(res.headers()["content-type"], JSON.stringify(headers)).toContain("text/x-component");
    expect(await res.text()).not.toContain("<html");
  }
});

test("a client navigation to /about stays client-side", async ({ page }) => {
  // Every fetch of /about the router makes (prefetch or navigation) must be flight data, not HTML.
  const fetched: string[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname === "/about" && r.request().resourceType() !== "document")
      fetched.push(r.headers()["content-type"] ?? "");
  });
  await page.goto("/");
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByRole("main").getByRole("link", { name: "How scores are computed" }).click();
  await expect(page).toHaveURL(`${baseURL}/about`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(EN_HEADING);
  // No full page load happened: the window is the same one.
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(fetched.length).toBeGreaterThan(0);
  for (const type of fetched) expect(type).toContain("text/x-component");
});

test("the Chinese /about hydrates under its CSP and its switcher links the public URL", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  try {
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) blocked.push(m.text());
    });
    const res = await page.goto("/about");
    expect(scriptSrc(res!.headers()["content-security-policy"])).toMatch(NONCE_SRC);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ZH_HEADING);
    await page.getByRole("group", { name: "配色主题" }).getByRole("button", { name: "深色" }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    const english = page.getByRole("banner").getByRole("link", { name: "English" });
    await expect(english).toHaveAttribute("href", "/about?lang=en");
    await english.click();
    await expect(page).toHaveURL(`${baseURL}/about?lang=en`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(EN_HEADING);
    expect(blocked).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a signed-in visitor gets /about with the nonce CSP and their account", async ({ page, context }) => {
  await signIn(page, AUTHOR);
  const signedIn = await page.goto("/about");
  expect(scriptSrc(signedIn!.headers()["content-security-policy"])).toMatch(NONCE_SRC);
  await expect(page.getByTestId("signed-in-as")).toContainText(AUTHOR.email);
  // In Chinese too.
  await context.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL }]);
  const zh = await page.goto("/about");
  expect(scriptSrc(zh!.headers()["content-security-policy"])).toContain("'nonce-");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ZH_HEADING);
  await expect(page.getByTestId("signed-in-as")).toContainText(AUTHOR.email);
});

test("under the pass-through root layout, a 404 is still the whole document in the visitor's locale", async ({
  request,
  browser,
}) => {
  // An unmatched URL: app/not-found.tsx renders the whole document on the server.
  const res = await request.get("/no-such-page", { headers: { cookie: "NEXT_LOCALE=zh" } });
  expect(res.status()).toBe(404);
  expect(scriptSrc(res.headers()["content-security-policy"])).toContain("'nonce-");
  const html = await res.text();
  expect(html).toContain('<html lang="zh-Hans"');
  expect(html).toContain("<title>H2HMem 排行榜</title>");
  expect(html).toContain("页面不存在");
  expect(html).toContain(">排行榜</a>");
  expect(html).toMatch(/hrefLang="en" href="[^"]*\/no-such-page\?lang=en"/);
  // notFound() in a page (Next answers it with its error shell and renders the boundary in the
  // browser): app/(site)/not-found.tsx inside the site layout, one document with its header.
  const context = await browser.newContext({ locale: "zh-CN" });
  try {
    const page = await context.newPage();
    expect((await page.goto("/entries/no-such-entry"))!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("页面不存在");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page.getByRole("banner").getByRole("link", { name: "排行榜", exact: true })).toBeVisible();
    expect(await page.locator("header").count()).toBe(1);
  } finally {
    await context.close();
  }
});
