import { expect, test } from "@playwright/test";
import { ADMIN, AUTHOR, signIn, signOut, uploadScored } from "./helpers";
import { expectAccessible } from "./failure-and-cost-pages";

// Issue 34, points 3-5 in the browser: two approvals write two board snapshots; the first entry's
// page charts its rank over them (one point per snapshot, linked to each), offers the Hugging Face
// and Every Eval Ever exports with a working copy button, in both languages; the board links its feed.

test("entry page: rank history chart over the snapshots, standard exports with copy; the board's feed", async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const stamp = `${Date.now()}`;
  const first = `History Memory ${stamp}`;
  const second = `History Rival ${stamp}`;

  await signIn(page, AUTHOR);
  await uploadScored(page, first, stamp);
  await uploadScored(page, second, `${stamp}-b`);
  await signOut(page);

  await signIn(page, ADMIN);
  const before = ((await (await page.request.get("/api/v1/snapshots")).json()) as { snapshots: unknown[] }).snapshots
    .length;
  for (const name of [first, second]) {
    await page.goto("/admin");
    await page.getByTestId("review-card").filter({ hasText: name }).getByRole("button", { name: "Approve" }).click();
    await expect(page.getByTestId("review-card").filter({ hasText: name })).toHaveCount(0);
  }
  await expect(async () => {
    const { snapshots } = (await (await page.request.get("/api/v1/snapshots")).json()) as { snapshots: unknown[] };
    expect(snapshots.length).toBe(before + 2);
  }).toPass({ timeout: 30_000 });

  await page.goto(`/?q=${encodeURIComponent(first)}`);
  await page.getByTestId("leaderboard-row").getByRole("link", { name: first }).click();
  await expect(page.getByTestId("entry-title")).toHaveText(first);
  const entryId = page.url().split("/entries/")[1]!.split("?")[0]!;

  // The chart (F1, the metric every entry has): one point per snapshot that ranks the entry, as the API says.
  await page.goto(`/entries/${entryId}?metric=f1`);
  const api = (await (
    await page.request.get(`/api/v1/entries/${entryId}/rank-history?split=overall&metric=f1`)
  ).json()) as { items: Array<{ snapshot: string; rank: number }> };
  expect(api.items.length).toBeGreaterThanOrEqual(2);
  const overall = page.getByTestId("rank-history-overall");
  await expect(overall.locator("svg")).toBeVisible();
  await expect(overall.getByTestId("rank-point")).toHaveCount(api.items.length);
  await expect(overall.locator("svg")).toHaveAttribute("aria-label", new RegExp(`${api.items.length} snapshots`));
  await overall.getByText("Snapshots").click();
  const rows = overall.locator("tbody tr");
  await expect(rows).toHaveCount(api.items.length);
  await expect(rows.last().getByRole("link")).toHaveAttribute(
    "href",
    `/api/v1/snapshots/${api.items.at(-1)!.snapshot}`,
  );

  // Standard exports: the YAML shown is what the API serves, and the copy button copies it.
  const yaml = await page.getByTestId("hf-yaml").textContent();
  expect(yaml).toContain('id: "varib/H2HMEM"');
  await page.getByTestId("copy-hf-yaml").click();
  await expect(page.getByTestId("copy-hf-yaml")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(yaml);
  expect(await (await page.request.get(`/api/v1/entries/${entryId}/hf-eval-results.yaml`)).text()).toBe(yaml);
  await page.getByTestId("copy-eee-json").click();
  await expect(page.getByTestId("copy-eee-json")).toHaveText("Copied"); // fetched on click, then copied
  const eee = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { schema_version: string };
  expect(eee.schema_version).toBe("0.3.0");
  await expectAccessible(page);

  // In Chinese.
  await page.goto(`/entries/${entryId}?lang=zh`);
  await expect(page.getByRole("heading", { name: "排名变化" })).toBeVisible();
  await expect(page.getByTestId("copy-hf-yaml")).toHaveText("复制");

  // The board announces and links its Atom feed.
  await page.goto("/?lang=en");
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    /\/feeds\/board\.atom$/,
  );
  await expect(page.getByTestId("board-feed")).toHaveAttribute("href", "/feeds/board.atom");
  const feed = await page.request.get("/feeds/board.atom");
  expect(feed.headers()["content-type"]).toMatch(/application\/atom\+xml/);
  expect(await feed.text()).toContain(`Published: ${second}`);
});
