import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// What tests/e2e/failure-and-cost.spec.ts reads: the board and entry APIs, the board's rows, the
// cost chart (its table, the drawn points and whiskers, the Pareto front's vertices), axe.

export type Profile = {
  refusalRate: number;
  missedRefusalRate: number;
  overRefusalRate: number;
  emptyRate: number;
  answerTokens: { median: number; p90: number };
  byCategory: Record<string, { refusalRate: number; n: number }>;
};
export type ApiEntry = {
  id: string;
  methodName: string;
  backbone: string | null;
  overall: { value: number; ciLow: number | null; ciHigh: number | null };
  refusalRate: number | null;
  overRefusalRate: number | null;
};

export async function board(page: Page, query: string): Promise<ApiEntry[]> {
  const res = await page.request.get(`/api/v1/leaderboard?${query}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { entries: ApiEntry[] }).entries;
}
export const entryApi = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/v1/entries/${id}`)).json()) as {
    failureProfile: Profile;
    efficiency: Record<string, unknown> | null;
  };
// Readers of a page just navigated to (a GET form): the URL changes at commit, so wait for the whole document first.
export async function rowIds(page: Page): Promise<Array<string | null>> {
  await page.waitForLoadState("load");
  return page.getByTestId("leaderboard-row").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-entry-id")));
}

export async function expectAccessible(page: Page): Promise<void> {
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
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

export type ChartRow = { name: string; cost: string; value: string; pareto: string };
export async function chart(
  page: Page,
): Promise<{ rows: ChartRow[]; points: string[]; whiskers: number; front: number }> {
  await page.waitForLoadState("load");
  const rows = await page
    .getByTestId("cost-table")
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const c = [...tr.children].map((x) => x.textContent ?? "");
        return { name: c[0]!, cost: c[1]!, value: c[2]!, pareto: c[4]! };
      }),
    );
  const points = (await page.getByTestId("cost-point").locator("title").allTextContents()).map((t) => t.split(":")[0]!);
  const whiskers = await page.getByTestId("cost-point").locator("line").count();
  const front = ((await page.getByTestId("pareto-front").getAttribute("points")) ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean).length;
  return { rows, points, whiskers, front };
}
