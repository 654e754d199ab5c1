import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { ADMIN, AUTHOR, signIn } from "./helpers";
import { e2eDatabaseUrl } from "../../playwright.config";

// Issue 49: the dispute thread on an entry's permalink in English and Chinese, its forms without
// JavaScript (plain posts to server actions), and the targeted re-run flag on the review page.

const entryOf = async (client: pg.Client, method: string) =>
  (
    await client.query<{ id: string }>(
      `SELECT id FROM "Submission" WHERE "methodName" = $1 AND "reviewState" = 'APPROVED' ORDER BY "createdAt" DESC LIMIT 1`,
      [method],
    )
  ).rows[0]!.id;

async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const thread = (page: Page) => page.getByTestId("disputes").getByTestId("dispute");

test.describe("disputes without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the demo's resolved dispute, in English and Chinese", async ({ page }) => {
    const id = await withDb((c) => entryOf(c, "Demo: Near-Oracle (synthetic)"));
    await page.goto(`/entries/${id}`);
    const d = thread(page).first();
    await expect(d).toHaveAttribute("data-state", "resolved");
    await expect(d.getByTestId("dispute-state")).toHaveText("Resolved");
    await expect(d.getByRole("heading", { name: "Judge issue" })).toBeVisible();
    await expect(d.getByTestId("dispute-reply")).toContainText("Reply from the entry's owner");
    await expect(d.getByTestId("dispute-resolution")).toContainText("Note added");
    await expect(page.getByRole("link", { name: "Sign in to open a dispute." })).toBeVisible();

    await page.goto(`/entries/${id}?lang=zh`);
    await expect(page.getByRole("heading", { name: "争议", exact: true })).toBeVisible();
    await expect(d.getByTestId("dispute-state")).toHaveText("已裁决");
    await expect(d.getByRole("heading", { name: "评审模型问题" })).toBeVisible();
    await expect(d.getByTestId("dispute-resolution")).toContainText("已添加说明");
    await expect(page.getByRole("link", { name: "登录后即可提出争议。" })).toBeVisible();
  });

  test("open, refuse a second, hide and resolve through the page's forms", async ({ page }) => {
    const id = await withDb((c) => entryOf(c, "Demo: Half-Recall (synthetic)"));
    await signIn(page, AUTHOR);
    await page.goto(`/entries/${id}`);
    const form = page.getByTestId("open-dispute-form");
    await form.getByLabel("Type").selectOption("not_reproducible");
    await form.getByLabel(/^Statement/).fill("Re-running the published predictions gives a lower F1 than shown here.");
    await form.getByLabel(/^Evidence links/).fill("https://example.org/rerun-log");
    await form.getByRole("button", { name: "Open dispute" }).click();
    const d = thread(page).last();
    await expect(d).toHaveAttribute("data-state", "open");
    await expect(d).toContainText("Re-running the published predictions");
    await expect(d.getByRole("link", { name: "https://example.org/rerun-log" })).toHaveAttribute("rel", /nofollow/);

    await form.getByLabel("Type").selectOption("other");
    await form.getByLabel(/^Statement/).fill("A second dispute on the same entry.");
    await form.getByRole("button", { name: "Open dispute" }).click();
    await expect(page.getByTestId("dispute-error")).toHaveText(/already have an open dispute/);
    // A link that is not http(s) is refused by the server (the browser checks only the required fields).
    await page.goto(`/entries/${id}?lang=zh`);
    const zh = page.getByTestId("open-dispute-form");
    await zh.getByLabel(/^陈述/).fill("第二个争议的陈述文字。");
    await zh.getByLabel(/^证据链接/).fill("javascript:alert(1)");
    await zh.getByRole("button", { name: "提交争议" }).click();
    await expect(page.getByTestId("dispute-error")).toContainText("请更正表单。 请检查字段：证据链接");
    await page.goto(`/entries/${id}?lang=en`);
    await page.getByRole("button", { name: "Sign out" }).click();

    await signIn(page, ADMIN);
    await page.goto(`/entries/${id}`);
    const mine = thread(page).last();
    await mine
      .getByTestId("hide-form")
      .first()
      .getByPlaceholder("Why it is hidden (audited)")
      .fill("Testing the hide step.");
    await mine.getByRole("button", { name: "Hide statement" }).click();
    await expect(thread(page).last().getByTestId("dispute-hidden")).toContainText("Hidden by an administrator on");
    const resolve = thread(page).last().getByTestId("resolve-form");
    await resolve.getByLabel("Resolution").selectOption("no_action");
    await resolve.getByLabel(/^Note/).fill("The F1 difference is within the interval; no change.");
    await resolve.getByRole("button", { name: "Resolve" }).click();
    await expect(thread(page).last()).toHaveAttribute("data-state", "resolved");

    // A visitor sees that the statement was hidden, not what it said.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.goto(`/entries/${id}?lang=zh`);
    const seen = thread(page).last();
    await expect(seen.getByTestId("dispute-hidden")).toContainText("已被管理员于");
    await expect(seen).not.toContainText("Re-running the published predictions");
    await expect(seen.getByTestId("dispute-resolution")).toContainText("不采取行动");
  });
});

test("the targeted re-run flag on the review page, in English and Chinese", async ({ page }) => {
  const method = `E2E rerun ${randomBytes(3).toString("hex")}`;
  const next = await withDb(async (c) => {
    const author = (await c.query<{ id: string }>(`SELECT id FROM "User" WHERE email = $1`, [AUTHOR.email])).rows[0]!
      .id;
    // The version the demo entries were scored under is one the review flags read; the e2e server has
    // no judge, so the previous submission's judge scores are written here.
    const { v } = (await c.query<{ v: string }>(`SELECT "scorerVersion" AS v FROM "Score" LIMIT 1`)).rows[0]!;
    const make = async (answers: string[], judge?: number[]) => {
      const id = `e2e${randomBytes(10).toString("hex")}`;
      await c.query(
        `INSERT INTO "Submission" (id, "userId", "methodName", status, "contentSha256", "updatedAt") VALUES ($1, $2, $3, 'SCORED', $4, now())`,
        [id, author, method, randomBytes(16).toString("hex")],
      );
      for (const [i, a] of answers.entries()) {
        await c.query(
          `INSERT INTO "Prediction" (id, "submissionId", split, index, "questionText", "systemAnswer", "originalAnswer", category) VALUES ($1, $2, 'dyadic', $3, 'q', $4, $4, 'RE')`,
          [`${id}p${i}`, id, i, a],
        );
        if (judge)
          await c.query(
            `INSERT INTO "QuestionScore" ("submissionId", "scorerVersion", split, index, "judgeScore") VALUES ($1, $2, 'dyadic', $3, $4)`,
            [id, v, i, judge[i]],
          );
      }
      return id;
    };
    await make(["a", "b", "c"], [1, 0, 0.9]);
    await new Promise((r) => setTimeout(r, 20)); // a later createdAt
    return make(["a", "b2", "c"]);
  });
  await signIn(page, ADMIN);
  await page.goto(`/admin/submissions/${next}`);
  const flag = page.locator('[data-flag="targeted-rerun"]');
  await expect(flag).toContainText("Targeted re-run: differs from this account's previous submission");
  await expect(flag).toContainText("only on 1 of the questions that one got wrong");
  await expect(flag.getByRole("link", { name: "Previous submission" })).toBeVisible();
  await page.goto(`/admin/submissions/${next}?lang=zh`);
  await expect(flag).toContainText("定向重跑");
  await expect(flag.getByRole("link", { name: "上一次提交" })).toBeVisible();
});
