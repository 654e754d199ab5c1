import { expect, test } from "@playwright/test";

// "Sign in with Hugging Face" in the browser against the local OpenID Connect stand-in
// (oidc-provider on E2E_HF_PORT, started by playwright.config.ts): the button, the provider's
// login page, the code flow back to the app, signed in as a new account with the verified email;
// an unverified email is refused with the message on /signin.

test("signs in with Hugging Face through the provider's login page", async ({ page }) => {
  const email = `hf-e2e-${Date.now()}@hf.test`;
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in with Hugging Face" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Hugging Face (local stand-in)" })).toBeVisible();
  await page.getByLabel("Login").fill(email);
  await page.getByRole("button", { name: "Authorize" }).click();
  await expect(page.getByTestId("signed-in-as")).toContainText(email);
  expect(new URL(page.url()).pathname).toBe("/");
});

test("refuses a Hugging Face account without a verified email, saying why", async ({ page }) => {
  await page.goto("/signup");
  await page.getByRole("button", { name: "Sign up with Hugging Face" }).click();
  await page.getByLabel("Login").fill(`unverified-${Date.now()}@hf.test`);
  await page.getByRole("button", { name: "Authorize" }).click();
  await expect(page).toHaveURL(/\/signin\?error=HuggingFaceNoVerifiedEmail/);
  await expect(page.getByText("Your Hugging Face account has no verified email address.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
});
