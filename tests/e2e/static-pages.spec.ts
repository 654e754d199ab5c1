import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { AUTHOR, signIn } from "./helpers";

// Issue 17, point 5: /about is prerendered in English and in Chinese. A signed-out visitor gets
// the copy of their locale with a nonce-free CSP: by next.config.js alone for a locale cookie (or
// none, and Accept-Language without Chinese or with Chinese first as browsers send it), through a
// cheap proxy rewrite for other Accept-Language forms or ?lang=. A plain document GET gets the copy's HTML as a public/ file (public/prerendered/, written
// after the build by scripts/build/static-copies.mjs); RSC fetches get the copy's flight data from
// Next. A signed-in visitor gets the per-request render with the strict nonce CSP and their
// account in the header (lib/static-pages.mjs, docs/SECURITY.md "Static pages").

const scriptSrc = (csp: string | undefined) => (csp ?? "").split("; ").find((d) => d.startsWith("script-src")) ?? "";
const ZH_HEADING = "关于 H2HMem 与本排行榜";
const EN_HEADING = "About H2HMem and this leaderboard";

/**
 * Answered from the copy's public/ file, not by Next's render or prerender path: a static file's
 * Last-Modified and weak size-mtime ETag (Next's pages send neither), no x-nextjs-cache, and a
 * conditional request is a 304.
 */
async function expectFile(res: APIResponse, request: APIRequestContext, headers: Record<string, string> = {}) {
  expect(res.headers()["last-modified"]).toBeTruthy();
  expect(res.headers()["etag"]).toMatch(/^W\/"/);
  expect(res.headers()["x-nextjs-cache"]).toBeUndefined();
  expect(res.headers()["vary"]).toContain("rsc");
  const again = await request.get(new URL(res.url()).pathname, { headers: { ...headers, "if-none-match": res.headers()["etag"]! } });
  expect(again.status()).toBe(304);
}

/** A prerendered copy: the copies' CSP and headers, no nonce anywhere, the right language. */
async function expectCopy(res: APIResponse, lang: "en" | "zh-Hans", heading: string) {
  expect(res.status()).toBe(200);
  expect(scriptSrc(res.headers()["content-security-policy"])).toBe("script-src 'self' 'unsafe-inline'");
  expect(res.headers()["x-frame-options"]).toBe("DENY");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  const html = await res.text();
  expect(html).toContain(`<html lang="${lang}"`);
  expect(html).toContain(heading);
  expect(html).not.toContain("nonce=");
  // The switcher and the alternates name the public URL, never the copy's own route.
  expect(html).not.toMatch(/href="[^"]*\/static-pages\//);
  expect(html).toMatch(/hrefLang="zh-Hans" href="[^"]*\/about\?lang=zh"/);
  expect(html).toMatch(/hrefLang="x-default" href="[^"]*\/about"/);
  return html;
}

test("anonymous English visitors get the prerendered /about, which runs its scripts under its CSP", async ({ page, request }) => {
  const res = await request.get("/about", { headers: { "accept-language": "en-US,en;q=0.9" } });
  // Served from the build's file, not rendered for this request.
  await expectFile(res, request, { "accept-language": "en-US,en;q=0.9" });
  const html = await expectCopy(res, "en", EN_HEADING);
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

test("a NEXT_LOCALE=zh cookie gets the prerendered Chinese copy without the proxy", async ({ request }) => {
  const res = await request.get("/about", { headers: { cookie: "NEXT_LOCALE=zh", "accept-language": "en-US" } });
  await expectFile(res, request, { cookie: "NEXT_LOCALE=zh", "accept-language": "en-US" });
  const html = await expectCopy(res, "zh-Hans", ZH_HEADING);
  // The header in Chinese, the switcher offering English at the public URL.
  expect(html).toContain(">排行榜</a>");
  expect(html).toContain('href="/about?lang=en"');
  expect(html).toContain("<title>关于");
  // A cookie for English wins over Chinese in Accept-Language, as in lib/i18n/locales.ts.
  await expectCopy(await request.get("/about", { headers: { cookie: "NEXT_LOCALE=en", "accept-language": "zh-CN" } }), "en", EN_HEADING);
});

test("Accept-Language zh and ?lang= get the Chinese copy, from its file", async ({ request }) => {
  // Chinese first, as browsers send it: next.config.js alone. Chinese later, or ?lang=: the proxy
  // resolves the locale and rewrites to the copy's route, which next.config.js answers from the file.
  for (const language of ["zh-CN,zh;q=0.9,en;q=0.8", "en;q=0.5, zh-TW;q=0.9"]) {
    const byLanguage = await request.get("/about", { headers: { "accept-language": language } });
    await expectCopy(byLanguage, "zh-Hans", ZH_HEADING);
    await expectFile(byLanguage, request, { "accept-language": language });
  }
  const viaQuery = await request.get("/about?lang=zh");
  expect(viaQuery.headers()["set-cookie"]).toContain("NEXT_LOCALE=zh");
  await expectCopy(viaQuery, "zh-Hans", ZH_HEADING);
  const back = await request.get("/about?lang=en", { headers: { cookie: "NEXT_LOCALE=zh" } });
  expect(back.headers()["set-cookie"]).toContain("NEXT_LOCALE=en");
  await expectCopy(back, "en", EN_HEADING);
});

test("RSC fetches of /about get the copy's flight data from Next, never the HTML file", async ({ request }) => {
  for (const headers of [{}, { cookie: "NEXT_LOCALE=zh" }, { "accept-language": "zh-CN" }] as Array<Record<string, string>>) {
    // Next answers an RSC fetch without its `_rsc` key with a redirect that adds it; followed here.
    const res = await request.get("/about", { headers: { ...headers, rsc: "1" } });
    expect(res.status(), JSON.stringify(headers)).toBe(200);
    expect(res.headers()["content-type"], JSON.stringify(headers)).toContain("text/x-component");
    expect(await res.text()).not.toContain("<html");
    expect(scriptSrc(res.headers()["content-security-policy"])).toBe("script-src 'self' 'unsafe-inline'");
  }
});

test("a client navigation to /about stays client-side and lands on the copy", async ({ page }) => {
  // Every fetch of /about the router makes (prefetch or navigation) must be flight data, not HTML.
  const fetched: string[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname === "/about" && r.request().resourceType() !== "document") fetched.push(r.headers()["content-type"] ?? "");
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

test("the Chinese copy hydrates under its CSP and its switcher links the public URL", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  try {
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) blocked.push(m.text());
    });
    const res = await page.goto("/about");
    expect(scriptSrc(res!.headers()["content-security-policy"])).toBe("script-src 'self' 'unsafe-inline'");
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

test("a signed-in visitor gets the per-request /about with the nonce CSP and their account", async ({ page, context }) => {
  await signIn(page, AUTHOR);
  const signedIn = await page.goto("/about");
  expect(scriptSrc(signedIn!.headers()["content-security-policy"])).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'$/);
  await expect(page.getByTestId("signed-in-as")).toContainText(AUTHOR.email);
  // In Chinese too: the cookie that would pick the zh copy does not when a session cookie is sent.
  await context.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL }]);
  const zh = await page.goto("/about");
  expect(scriptSrc(zh!.headers()["content-security-policy"])).toContain("'nonce-");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ZH_HEADING);
  await expect(page.getByTestId("signed-in-as")).toContainText(AUTHOR.email);
});

test("under the pass-through root layout, a 404 is still the whole document in the visitor's locale", async ({ request, browser }) => {
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
