import { expect, test } from "@playwright/test";
import { AUTHOR, signIn } from "./helpers";

// Issue 31: an endpoint's signing secret is rotated from the settings page (after a confirm); the
// new secret is shown once and differs from the one shown when the endpoint was added.
test("the webhooks page rotates an endpoint's signing secret and shows the new one once", async ({ page }) => {
  await signIn(page, AUTHOR);
  await page.goto("/settings/webhooks");
  // A public address literal: accepted without DNS (the machine may be offline); nothing is sent to it.
  const url = `https://1.1.1.1/e2e-rotate-${Date.now()}`;
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const first = (await page.getByTestId("new-webhook-secret").textContent())!.trim();
  expect(first).toMatch(/^whsec_/);

  const endpoint = page.getByRole("region", { name: `Webhook ${url}` });
  page.once("dialog", (d) => void d.accept());
  await endpoint.getByRole("button", { name: "Rotate secret" }).click();
  const rotated = endpoint.getByTestId("rotated-webhook-secret");
  await expect(rotated).toHaveText(/^whsec_/);
  const second = (await rotated.textContent())!.trim();
  expect(second).not.toBe(first);

  // Gone after a reload (shown once); then the endpoint is removed again.
  await page.reload();
  await expect(page.getByTestId("rotated-webhook-secret")).toHaveCount(0);
  page.once("dialog", (d) => void d.accept());
  await page
    .getByRole("region", { name: `Webhook ${url}` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("region", { name: `Webhook ${url}` })).toHaveCount(0);
});
