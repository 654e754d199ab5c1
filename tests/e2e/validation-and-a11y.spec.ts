import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { AUTHOR, rawFixture, signIn } from "./helpers";

test("an invalid prediction file is rejected in the browser with its JSON paths", async ({ page }) => {
  await signIn(page, AUTHOR);
  await page.goto("/submit");
  await page.getByLabel("Dyadic predictions").setInputFiles(rawFixture("errors/prediction_dyadic.json"));
  const issues = page.getByTestId("dyadic-issues");
  await expect(issues).toBeVisible();
  await expect(issues).toContainText("/predictions/0/system_answer");
  await expect(issues).toContainText("must be a string");
  await expect(issues).toContainText("/predictions/2/category");
  await expect(issues).toContainText("Fix:");
  await expect(issues).toContainText(
    '"Memory Recall" is a main type, not a category; its categories are "Unimodal Precise Recall"',
  );
  // Nothing is uploaded while there are errors.
  await page.getByLabel("Method name").fill("Should not upload");
  // The button says why it cannot upload; clicking it moves focus to the first error (issue 45, point 6).
  await page.getByRole("button", { name: "Can't upload: prediction_dyadic.json has errors (listed above)" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Fix the errors" })).toBeVisible();
  const focused = page.locator(":focus");
  await expect(focused).toHaveAttribute("data-issue", "error");
  await expect(focused).toContainText("/predictions/0/system_answer");
  await expect(page).toHaveURL(/\/submit$/);
});

test("the API rejects the same invalid file with its JSON paths", async ({ page }) => {
  await signIn(page, AUTHOR);
  const file = rawFixture("errors/prediction_dyadic.json");
  const res = await page.request.post("/api/v1/submissions", {
    multipart: { methodName: "Invalid via API", dyadic: file },
  });
  expect(res.status()).toBe(422);
  const body = (await res.json()) as { error: { code: string; details: Array<{ path: string }> } };
  expect(body.error.code).toBe("VALIDATION_FAILED");
  expect(body.error.details.map((d) => d.path)).toContain("/predictions/0/system_answer");
});

test("non-admins cannot see the admin area", async ({ page }) => {
  const anon = await page.request.get("/admin");
  expect(anon.status()).toBe(404);
  await signIn(page, AUTHOR);
  const res = await page.request.get("/admin");
  expect(res.status()).toBe(404);
  const api = await page.request.get("/api/v1/admin/submissions?review=pending");
  expect(api.status()).toBe(403);
});

test("wrong password shows a clear error", async ({ page }) => {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(AUTHOR.email);
  await page.getByLabel("Password").fill("definitely-wrong");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.locator("#signin-error")).toContainText("Email or password is incorrect");
  await expect(page).toHaveURL(/\/signin/);
});

for (const path of ["/", "/signin", "/signup", "/submit", "/compare", "/settings/tokens"]) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    if (path === "/submit" || path === "/settings/tokens") await signIn(page, AUTHOR);
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes)`)).toEqual([]);
  });
}

// The board at a phone's width and at a laptop's, in both locales; on the phone with every row's
// categories opened, so that their contents are checked too (axe skips what is hidden).
for (const locale of ["en", "zh"] as const) {
  for (const width of [390, 1366]) {
    test(`no serious accessibility violations on the board at ${width} px (${locale})`, async ({
      page,
      context,
      baseURL,
    }) => {
      // Every row's panel opened now prints each interval and n (issue 32): axe checks twice as much text.
      test.setTimeout(120_000);
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL! }]);
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", locale === "zh" ? "zh-Hans" : "en");
      if (width === 390)
        for (const summary of await page.getByTestId("row-categories").locator("summary").all()) await summary.click();
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(
          serious.map(
            (v) =>
              `${scheme} ${v.id}: ${v.help} (${v.nodes
                .map((n) => n.target.join(" "))
                .slice(0, 3)
                .join(", ")})`,
          ),
        ).toEqual([]);
      }
    });
  }
}
