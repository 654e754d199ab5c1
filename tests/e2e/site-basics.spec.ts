import { expect, test } from "@playwright/test";

// Site basics on the seeded demo board: icons and the web manifest from public/, robots.txt, the
// sitemap of entries, and link previews (Open Graph / Twitter) of an entry with its generated image.

type ApiEntry = {
  id: string;
  methodName: string;
  rank: number;
  overall: { value: number; ciLow: number | null; ciHigh: number | null };
};

test("icons, manifest, robots.txt and the sitemap", async ({ page, request }) => {
  await page.goto("/about");
  const head = page.locator("head");
  await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
  await expect(head.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);

  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.ok()).toBe(true);
  const m = (await manifest.json()) as { name: string; icons: Array<{ src: string; type: string }> };
  expect(m.name).toBe("H2HMem Leaderboard");
  for (const src of ["/favicon.ico", "/apple-touch-icon.png", ...m.icons.map((i) => i.src)]) {
    const r = await request.get(src);
    expect(r.status(), src).toBe(200);
    expect(r.headers()["content-type"], src).toMatch(/^image\//);
    expect((await r.body()).length, src).toBeGreaterThan(100);
  }

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Disallow: \/admin$/m);
  expect(robots).toMatch(/^Disallow: \/api\/$/m);
  // The Submit page's format section is indexable (issue 45, point 7).
  expect(robots).not.toMatch(/^Disallow: \/submit$/m);
  const sitemapUrl = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
  expect(sitemapUrl).toMatch(/^http:\/\/[^/]+\/sitemap\.xml$/);

  const board = (await (await request.get("/api/v1/leaderboard")).json()) as { entries: ApiEntry[] };
  expect(board.entries.length).toBeGreaterThanOrEqual(2);
  const sitemap = await (await request.get(new URL(sitemapUrl!).pathname)).text();
  for (const e of board.entries) expect(sitemap).toContain(`/entries/${e.id}</loc>`);
  expect(sitemap).toContain("/submit</loc>");
  expect(sitemap).toContain("/about</loc>");
});

test("a shared entry link previews the method, its headline score and rank", async ({ page, request }) => {
  const board = (await (await request.get("/api/v1/leaderboard?split=overall&aggregate=micro&metric=f1")).json()) as {
    entries: ApiEntry[];
  };
  const judge = (await (
    await request.get("/api/v1/leaderboard?split=overall&aggregate=micro&metric=judge")
  ).json()) as { entries: ApiEntry[] };
  const first = board.entries[0]!;
  await page.goto(`/entries/${first.id}`);
  const meta = (sel: string) => page.locator(`head meta[${sel}]`).getAttribute("content");
  expect(await meta('property="og:title"')).toContain(first.methodName);
  expect(await meta('name="twitter:card"')).toBe("summary_large_image");
  const description = (await meta('property="og:description"'))!;
  // The headline metric is the judge when the entry has judge scores, else F1.
  const ranked = description.includes(" judge ") ? judge.entries.find((e) => e.id === first.id)! : first;
  expect(description).toContain(`#${ranked.rank}`);
  expect(description).toContain(ranked.overall.value.toFixed(3));
  expect(await meta('name="twitter:description"')).toBe(description);

  const image = (await meta('property="og:image"'))!;
  expect(image).toMatch(new RegExp(`^http://[^/]+/entries/${first.id}/opengraph-image`));
  const png = await request.get(new URL(image).pathname + new URL(image).search);
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect(png.headers()["cache-control"]).toContain("max-age=300");
  expect((await png.body()).subarray(1, 4).toString()).toBe("PNG");
  expect(await meta('name="twitter:image"')).toMatch(/\/twitter-image/);

  expect((await request.get("/entries/no-such-entry/opengraph-image")).status()).toBe(404);
});
