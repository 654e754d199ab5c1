import { createLocalJWKSet, compactVerify, type JSONWebKeySet } from "jose";
import { expect, test } from "@playwright/test";

// Issue 49 in the browser: an entry page offers its signed receipt, the public keys and the
// command that checks them, in English and in Chinese; the link serves a receipt that verifies
// against the served JWKS, and the cite text links to it. Point 4: the seeded demo entries are
// first-party, which the method card and the board's tooltip say.

test("an entry page offers its signed receipt and how to check it, in en and zh", async ({ page, request }) => {
  await page.goto("/?lang=en");
  const row = page.getByTestId("leaderboard-row").first();
  const id = await row.getAttribute("data-entry-id");
  await expect(row.getByRole("link").first()).toHaveAttribute("title", /^First-party: the submitter built this method/);
  const expected = {
    en: {
      heading: "Signed receipt",
      link: "Download the receipt",
      how: "How to check this",
      ranBy: "Ran by",
      first: "first-party: the submitter's own method",
    },
    zh: { heading: "签名收据", link: "下载收据", how: "如何校验", ranBy: "运行方", first: "第一方：提交者自己的方法" },
  };
  for (const [lang, text] of Object.entries(expected)) {
    await page.goto(`/entries/${id}?lang=${lang}`);
    const section = page.getByTestId("entry-receipt");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(text.heading);
    const link = section.getByTestId("receipt-link");
    await expect(link).toHaveText(text.link);
    await expect(link).toHaveAttribute("href", `/api/v1/entries/${id}/receipt`);
    await expect(link).toHaveAttribute("download", `h2hmem-receipt-${id}.jws`);
    await expect(section).toContainText(text.how);
    await expect(section.getByTestId("receipt-command")).toContainText(
      `npx h2hmem receipt verify h2hmem-receipt-${id}.jws`,
    );
    await expect(page.getByTestId("bibtex")).toContainText(`/api/v1/entries/${id}/receipt}`);
    await expect(page.getByTestId("badge-markdown")).toContainText(`[signed receipt](`);
    const card = page.locator("section[aria-labelledby=card-h]");
    await expect(card.locator("dt", { hasText: text.ranBy }).locator("xpath=following-sibling::dd[1]")).toHaveText(
      text.first,
    );
  }

  const jws = await (await request.get(`/api/v1/entries/${id}/receipt`)).text();
  const jwks = (await (await request.get("/.well-known/jwks.json")).json()) as JSONWebKeySet;
  const { payload } = await compactVerify(jws, createLocalJWKSet(jwks));
  expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ entry: { id } });
});
