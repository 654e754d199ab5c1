import { expect, test, type Page } from "@playwright/test";
import { smtpPort } from "../../playwright.config";
import { linkIn, startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { AUTHOR, signIn } from "./helpers";

// Self-service sign-up in the browser against the built app, which mails through SMTP_URL to
// a capture server run here (playwright.config.ts), so the default mode is "confirm". Then
// CSRF on server actions: the same action request replayed with a foreign Origin is refused.

let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture(smtpPort);
});
test.afterAll(async () => {
  await smtp?.close();
});

async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("sign up at /signup, follow the mailed link, enter the password, land signed in on /submit", async ({
  page,
  baseURL,
}) => {
  const email = `e2e-signup-${Date.now()}@e2e.test`;
  const password = "e2e sign-up password";
  await page.goto("/signin");
  await page.getByRole("link", { name: "Sign up", exact: true }).click();
  await expect(page).toHaveURL(/\/signup$/);

  // The shared schema answers in the browser before any request.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("too short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("#f-password-error")).toContainText("at least 10 characters");
  await page.getByLabel("Password").fill(email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("#f-password-error")).toContainText("must not be your email");

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signup-done")).toContainText("Check your inbox");

  // Not confirmed yet: the right password gets a clear message, not a session.
  await submitSignIn(page, email, password);
  await expect(page.locator("#signin-error")).toContainText("Confirm your email address first");

  const mail = await smtp.next((m) => m.to.includes(email));
  expect(mail.subject).toContain("Confirm");
  const link = linkIn(mail);
  expect(link.origin).toBe(new URL(baseURL!).origin);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(`Activating ${email}`)).toBeVisible();
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page).toHaveURL(/\/submit$/);
  await expect(page.getByTestId("signed-in-as")).toContainText(email);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The link worked once.
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId("confirm-invalid")).toBeVisible();
});

test("signing up with a registered email shows the same answer and mails its owner instead", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(AUTHOR.email);
  await page.getByLabel("Password").fill("someone else's password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signup-done")).toContainText("Check your inbox");
  // The author also gets event mails (scores of earlier specs' uploads, retried once this capture listens): pick by subject.
  const notice = await smtp.next((m) => m.to.includes(AUTHOR.email) && m.subject === "Your H2HMem Leaderboard account");
  expect(notice.body).toContain("already has an account");
  // The owner's password still works; the new one does not.
  await signIn(page, AUTHOR);
});

test("a server action replayed with a foreign Origin (and the victim's cookie) is refused and changes nothing", async ({
  page,
  baseURL,
}) => {
  await signIn(page, AUTHOR);
  await page.goto("/settings/tokens");
  // Record a genuine server-action request made by the page.
  const name = `csrf probe ${Date.now()}`;
  const [recorded] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"])),
    (async () => {
      await page.getByLabel("Token name").fill(name);
      await page.getByLabel("Your password").fill(AUTHOR.password);
      await page.getByRole("button", { name: "Create token" }).click();
    })(),
  ]);
  await expect(page.getByTestId("new-token")).toBeVisible();
  const h = recorded.headers();
  // page.request shares the browser context's cookies: the victim's session rides along, as
  // it would from a same-site attacker or a browser that ignores SameSite.
  const replay = (origin: string, tokenName: string) =>
    page.request.post("/settings/tokens", {
      headers: {
        "next-action": h["next-action"]!,
        "content-type": h["content-type"]!,
        accept: "text/x-component",
        origin,
      },
      data: JSON.stringify([
        { name: tokenName, scopes: ["submit", "read"], expiresDays: 90, password: AUTHOR.password },
      ]),
    });
  const rows = page.getByTestId("token-table").getByRole("row");

  const evil = `csrf evil ${Date.now()}`;
  const refused = await replay("https://evil.example", evil);
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(await refused.text()).not.toContain("h2h_");

  const friendly = `csrf same-origin ${Date.now()}`;
  const accepted = await replay(new URL(baseURL!).origin, friendly);
  expect(accepted.status()).toBe(200);
  expect(await accepted.text()).toContain("h2h_");

  await page.reload();
  await expect(rows.filter({ hasText: friendly })).toHaveCount(1);
  await expect(rows.filter({ hasText: evil })).toHaveCount(0);
});
