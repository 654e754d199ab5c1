import { expect, test } from "@playwright/test";
import { AUTHOR, signIn } from "./helpers";

// Issue 17, point 5: /about is prerendered. An anonymous English visitor gets the build's copy with a
// nonce-free CSP and no proxy work (no page-metrics or micro-cache headers from proxy.ts); a Chinese
// visitor or a signed-in one gets the per-request render with the strict nonce CSP, their locale and
// their account in the header (lib/static-pages.mjs, docs/SECURITY.md "Static pages").

const scriptSrc = (csp: string | undefined) => (csp ?? "").split("; ").find((d) => d.startsWith("script-src")) ?? "";

test("anonymous English visitors get the prerendered /about, which runs its scripts under its CSP", async ({ page, request }) => {
  const res = await request.get("/about", { headers: { "accept-language": "en-US,en;q=0.9" } });
  expect(res.status()).toBe(200);
  expect(scriptSrc(res.headers()["content-security-policy"])).toBe("script-src 'self' 'unsafe-inline'");
  expect(res.headers()["x-frame-options"]).toBe("DENY");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  // Served from the build (Next's prerender cache), not rendered for this request.
  expect(res.headers()["x-nextjs-cache"] ?? res.headers()["x-nextjs-prerender"]).toBeTruthy();
  const html = await res.text();
  expect(html).toContain('<html lang="en"');
  expect(html).not.toContain("nonce=");

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

test("a Chinese or signed-in visitor gets the per-request /about with the nonce CSP", async ({ page, request }) => {
  const zh: Array<Record<string, string>> = [{ "accept-language": "zh-CN,zh;q=0.9" }, { cookie: "NEXT_LOCALE=zh" }];
  for (const headers of zh) {
    const res = await request.get("/about", { headers });
    expect(scriptSrc(res.headers()["content-security-policy"])).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'$/);
    expect(await res.text()).toContain('<html lang="zh-Hans"');
  }
  const viaQuery = await request.get("/about?lang=zh");
  expect(viaQuery.headers()["set-cookie"]).toContain("NEXT_LOCALE=zh");

  await signIn(page, AUTHOR);
  const signedIn = await page.goto("/about");
  expect(scriptSrc(signedIn!.headers()["content-security-policy"])).toContain("'nonce-");
  await expect(page.getByTestId("signed-in-as")).toContainText(AUTHOR.email);
});
