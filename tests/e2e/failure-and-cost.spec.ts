import { expect, test, type Page } from "@playwright/test";
import { ADMIN, AUTHOR, signIn, signOut } from "./helpers";
import { approve, submitByApi, submitByForm, waitScored, type Spec } from "./cost-entries";
import { board, chart, entryApi, expectAccessible, rowIds } from "./failure-and-cost-pages";

// Issue 19 in the browser: the failure panel against the entry API, "where it fails" for the
// owner, the score-against-cost chart (Pareto front, chosen cost, filters, table alternative),
// the backbone filter and the refusal sorts. Three entries of this run (found by the stamp in
// their names): "weak" refuses 3 answers in 4, "mid" 1 in 4, "strong" none beyond the fixture's.

const stamp = `${Date.now()}`;
const SPECS = {
  weak: {
    name: `Cost weak ${stamp}`,
    backbone: "GPT-4o-mini",
    costs: { storageSecondsPerSession: 2, answerSecondsPerQuestion: 0.5, tokensPerQuestion: 9000 },
    refuse: (i) => i % 4 !== 0,
  },
  mid: {
    name: `Cost mid ${stamp}`,
    backbone: "GPT-4o-mini",
    costs: { answerSecondsPerQuestion: 2, tokensPerQuestion: 300 },
    refuse: (i) => i % 4 === 0,
  },
  // Typed without "-Instruct": grouped under the list's Qwen2.5-VL-7B-Instruct.
  strong: {
    name: `Cost strong ${stamp}`,
    backbone: "Qwen2.5-VL-7B",
    costs: { storageSecondsPerSession: 20, answerSecondsPerQuestion: 8, tokensPerQuestion: 1200 },
    refuse: () => false,
  },
} satisfies Record<string, Spec>;
const ids = { weak: "", mid: "", strong: "" };
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

test.describe.configure({ mode: "serial" });

test("the author submits three entries with a backbone and self-reported costs (API and form); the admin approves them", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, AUTHOR);
  ids.weak = await submitByApi(page, SPECS.weak, stamp);
  ids.mid = await submitByApi(page, SPECS.mid, stamp);
  ids.strong = await submitByForm(page, SPECS.strong, stamp, "1x A100 80GB");
  await waitScored(page, ids.weak);
  await waitScored(page, ids.mid);
  await signOut(page);
  await signIn(page, ADMIN);
  for (const id of Object.values(ids)) await approve(page, id);
  await signOut(page);

  // The method card labels the costs self-reported; the API carries the same numbers.
  await page.goto(`/entries/${ids.strong}`);
  const eff = page.getByTestId("efficiency");
  await expect(eff).toContainText("self-reported");
  await expect(eff).toContainText("1x A100 80GB");
  expect((await entryApi(page, ids.strong)).efficiency).toEqual({
    selfReported: true,
    ...SPECS.strong.costs,
    retrievalSecondsPerQuestion: null,
    hardware: "1x A100 80GB",
  });
  // The chart below relies on this order of headline scores.
  const byId = new Map((await board(page, `q=${stamp}`)).map((e) => [e.id, e.overall.value]));
  expect(byId.get(ids.strong)!).toBeGreaterThan(byId.get(ids.mid)!);
  expect(byId.get(ids.mid)!).toBeGreaterThan(byId.get(ids.weak)!);
});

test("the entry page's failure panel shows the entry API's numbers; always-refuse shows 100% / 100% / 0%", async ({
  page,
}) => {
  for (const id of [ids.weak, ids.mid]) {
    const p = (await entryApi(page, id)).failureProfile;
    await page.goto(`/entries/${id}`);
    await expect(page.getByTestId("failure-refusal")).toHaveText(pct(p.refusalRate));
    await expect(page.getByTestId("failure-missed")).toHaveText(pct(p.missedRefusalRate));
    await expect(page.getByTestId("failure-over")).toHaveText(pct(p.overRefusalRate));
    await expect(page.getByTestId("failure-empty")).toHaveText(pct(p.emptyRate));
    await expect(page.getByTestId("failure-tokens")).toHaveText(
      `${p.answerTokens.median.toFixed(1)} / ${p.answerTokens.p90.toFixed(1)}`,
    );
    const rows = await page
      .getByTestId("failure-by-category")
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    const expected = Object.entries(p.byCategory).map(([c, r]) => [c, pct(r.refusalRate), String(r.n)]);
    expect(rows.map(([code, refused, , n]) => [code, refused, n]).sort()).toEqual(expected.sort());
  }
  expect((await entryApi(page, ids.weak)).failureProfile.refusalRate).toBeGreaterThan(
    (await entryApi(page, ids.strong)).failureProfile.refusalRate,
  );
  // Anonymous visitors do not see the per-question answers.
  await expect(page.getByTestId("weakest-questions")).toHaveCount(0);
  await expectAccessible(page);

  // The seeded always-refuse demo entry, by hand: every question refused, so every non-AR one
  // over-refused and no AR question answered.
  const [refuser] = await board(page, "q=Always-Refuse");
  const p = (await entryApi(page, refuser!.id)).failureProfile;
  expect(p).toMatchObject({ refusalRate: 1, overRefusalRate: 1, missedRefusalRate: 0, emptyRate: 0 });
  await page.goto(`/entries/${refuser!.id}`);
  await expect(page.getByTestId("failure-refusal")).toHaveText("100.0%");
  await expect(page.getByTestId("failure-over")).toHaveText("100.0%");
  await expect(page.getByTestId("failure-missed")).toHaveText("0.0%");
});

test("where it fails: the owner sees the lowest-scoring questions, filtered by category, difficulty and split", async ({
  page,
}) => {
  await signIn(page, AUTHOR);
  await page.goto(`/entries/${ids.mid}`);
  const panel = page.getByTestId("weakest-questions");
  const items = panel.getByTestId("weak-question");
  const read = () =>
    items.evaluateAll((li) =>
      li.map((l) => ({
        q: l.querySelector("p")!.textContent!,
        meta: l.querySelector("p + p")!.textContent!,
        f1: Number(/F1 ([\d.]+)/.exec(l.textContent!)![1]),
      })),
    );
  const all = await read();
  expect(all.length).toBeGreaterThan(3);
  expect(all.map((r) => r.f1)).toEqual([...all.map((r) => r.f1)].sort((a, b) => a - b));

  const choose = async (label: string, value: string, expectUrl: RegExp) => {
    await panel.getByLabel(label).selectOption(value);
    await panel.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(expectUrl);
    await page.waitForLoadState("load");
    return read();
  };
  const tr = await choose("Category", "TR", /wcat=TR/);
  expect(tr.length).toBeGreaterThan(0);
  expect(tr.every((r) => r.meta.includes("· TR"))).toBe(true);
  expect(all.some((r) => !r.meta.includes("· TR"))).toBe(true);

  const hard = await choose("Difficulty", "hard", /wdiff=hard/);
  expect(hard.every((r) => r.meta.includes("· TR · Hard"))).toBe(true);
  await panel.getByLabel("Category").selectOption("");
  const hardAll = await choose("Difficulty", "hard", /wcat=&/);
  expect(hardAll.length).toBeGreaterThan(hard.length);
  expect(hardAll.every((r) => r.meta.endsWith("· Hard"))).toBe(true);

  await panel.getByLabel("Difficulty").selectOption("");
  const multi = await choose("Split", "multi-party", /wsplit=multi-party/);
  expect(multi.length).toBeGreaterThan(0);
  expect(multi.every((r) => r.meta.startsWith("Multi-party #"))).toBe(true);
  expect(all.some((r) => r.meta.startsWith("Dyadic #"))).toBe(true);
});

const expectChart = async (page: Page, want: Array<[keyof typeof SPECS, string, "yes" | "no"]>) => {
  const c = await chart(page);
  expect(c.rows.map((r) => [r.name, r.cost, r.pareto])).toEqual(
    want.map(([k, cost, pareto]) => [SPECS[k].name, cost, pareto]),
  );
  // The picture draws the same points, each with its interval whisker, and the front through the "yes" rows.
  expect(c.points).toEqual(c.rows.map((r) => r.name));
  expect(c.whiskers).toBe(c.rows.length);
  expect(c.front).toBe(want.filter((w) => w[2] === "yes").length);
};

test("cost chart: Pareto front and points, the chosen cost, recomputed after filters, and its table by keyboard", async ({
  page,
}) => {
  await page.goto(`/?q=${stamp}`);
  const section = page.getByTestId("cost-chart");
  await expect(section.getByRole("img")).toHaveAttribute("aria-label", /against Answering seconds per question/);
  await expectChart(page, [
    ["weak", "0.5", "yes"],
    ["mid", "2", "yes"],
    ["strong", "8", "yes"],
  ]);
  const api = new Map((await board(page, `q=${stamp}`)).map((e) => [e.methodName, e.overall.value.toFixed(3)]));
  expect((await chart(page)).rows.map((r) => r.value)).toEqual(
    [SPECS.weak, SPECS.mid, SPECS.strong].map((s) => api.get(s.name)),
  );
  await expectAccessible(page);

  const chooseCost = async (label: string, field: string) => {
    await section.getByLabel("Cost", { exact: true }).selectOption({ label });
    await section.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`cost=${field}`));
    await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  };
  await chooseCost("Tokens per question", "tokensPerQuestion");
  await expect(section.getByRole("img")).toHaveAttribute("aria-label", /against Tokens per question/);
  await expectChart(page, [
    ["mid", "300", "yes"],
    ["strong", "1200", "yes"],
    ["weak", "9000", "no"],
  ]);
  // Only entries that reported the cost are drawn.
  await chooseCost("Storage seconds per session", "storageSecondsPerSession");
  await expectChart(page, [
    ["weak", "2", "yes"],
    ["strong", "20", "yes"],
  ]);

  // Filters recompute the front: without "mid", "weak" is no longer dominated.
  await chooseCost("Tokens per question", "tokensPerQuestion");
  await page.getByLabel("Backbone").selectOption("GPT-4o-mini");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/backbone=GPT-4o-mini/);
  await expect(page).toHaveURL(/cost=tokensPerQuestion/);
  await expectChart(page, [
    ["mid", "300", "yes"],
    ["weak", "9000", "no"],
  ]);
  await page.getByLabel("Search").fill(SPECS.weak.name);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=Cost\\+weak\\+${stamp}`));
  await expectChart(page, [["weak", "9000", "yes"]]);

  // The table alternative: reached with Tab right after the chart's controls.
  await page.goto(`/?q=${stamp}&cost=tokensPerQuestion`);
  await section.getByLabel("Cost", { exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(section.getByRole("button", { name: "Show" })).toBeFocused();
  await page.keyboard.press("Tab");
  const region = page.getByRole("region", { name: "Score against cost, as a table" });
  await expect(region).toBeFocused();
  await expect(region.getByRole("table")).toContainText(SPECS.strong.name);
  expect((await chart(page)).rows.map((r) => r.name)).toEqual([SPECS.mid.name, SPECS.strong.name, SPECS.weak.name]);
});

test("backbone filter: the board shows only that backbone's entries, as the API's ?backbone= does", async ({
  page,
}) => {
  await page.goto(`/?q=${stamp}`);
  expect((await rowIds(page)).sort()).toEqual(Object.values(ids).sort());
  const pick = async (backbone: string) => {
    await page.getByLabel("Backbone").selectOption(backbone);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`backbone=${backbone.replace(/\./g, "\\.")}`));
    const api = await board(page, `q=${stamp}&backbone=${backbone}`);
    expect(await rowIds(page)).toEqual(api.map((e) => e.id));
    return api;
  };
  const mini = await pick("GPT-4o-mini");
  expect(mini.map((e) => e.id).sort()).toEqual([ids.weak, ids.mid].sort());
  expect(mini.every((e) => e.backbone === "GPT-4o-mini")).toBe(true);
  const qwen = await pick("Qwen2.5-VL-7B-Instruct");
  expect(qwen.map((e) => e.id)).toEqual([ids.strong]);

  // The whole board (other runs' and the demo entries too): no entry of another backbone.
  await page.goto("/?backbone=GPT-4o-mini");
  await expect(page.getByLabel("Backbone")).toHaveValue("GPT-4o-mini");
  const all = await board(page, "backbone=GPT-4o-mini");
  expect(await rowIds(page)).toEqual(all.map((e) => e.id).slice(0, (await rowIds(page)).length));
  expect(all.map((e) => e.id)).toEqual(expect.arrayContaining([ids.weak, ids.mid]));
  expect(all.map((e) => e.id)).not.toContain(ids.strong);
  expect(all.every((e) => e.backbone === "GPT-4o-mini")).toBe(true);
});

test("the board sorts by refusal rate and by over-refusal rate, both ways, as the API does", async ({ page }) => {
  const rates = (await board(page, `q=${stamp}`)).map((e) => e.refusalRate);
  expect(new Set(rates).size).toBe(3);
  await page.goto(`/?q=${stamp}`);
  for (const [key, cell] of [
    ["refusalRate", "refusal-rate"],
    ["overRefusalRate", "over-refusal-rate"],
  ] as const) {
    for (const dir of ["-", ""]) {
      await page.locator(`a[data-sort="${key}"]`).click();
      await expect(page).toHaveURL(new RegExp(`sort=${dir}${key}(&|$)`));
      await expect(page.locator(`th[aria-sort="${dir ? "descending" : "ascending"}"]`)).toHaveCount(1);
      const api = await board(page, `q=${stamp}&sort=${dir}${key}`);
      const values = api.map((e) => e[key]!);
      expect(values).toEqual([...values].sort((a, b) => (dir ? b - a : a - b)));
      expect(await rowIds(page)).toEqual(api.map((e) => e.id));
      expect(await page.getByTestId(cell).allTextContents()).toEqual(values.map((v) => `${(v * 100).toFixed(0)}%`));
    }
  }
});
