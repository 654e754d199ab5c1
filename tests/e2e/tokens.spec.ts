import { expect, request, test } from "@playwright/test";
import { AUTHOR, signIn } from "./helpers";

test("an API token created in the browser authenticates the API until it is revoked", async ({ page, baseURL }) => {
  // Scripts run under a nonce-only CSP (proxy.ts): the browser reports anything it blocked.
  const blocked: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) blocked.push(m.text());
  });
  await signIn(page, AUTHOR);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API tokens" }).click();
  const name = `e2e token ${Date.now()}`;
  await page.getByLabel("Token name").fill(name);
  await page.getByLabel("Your password").fill(AUTHOR.password);
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token").textContent())!.trim();
  expect(token).toMatch(/^h2h_/);
  // The list shows its scopes (submit and read by default).
  const row = page.getByTestId("token-table").getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("submit, read");

  // A cookie-less client: only the bearer token authenticates it.
  const api = await request.newContext({ baseURL });
  const ok = await api.get("/api/v1/submissions", { headers: { authorization: `Bearer ${token}` } });
  expect(ok.status()).toBe(200);
  // It expires (90 days by default) and has been used: neither column says "never" any more.
  await page.reload();
  await expect(page.getByTestId("token-table").getByRole("row").filter({ hasText: name })).not.toContainText("never");

  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByTestId("token-table").getByRole("row").filter({ hasText: name })).toContainText("revoked");
  const revoked = await api.get("/api/v1/submissions", { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(401);

  // A token made to last until revoked is flagged under the list (issue 31).
  const forever = `${name} forever`;
  await page.getByLabel("Token name").fill(forever);
  await page.getByLabel("Expires").selectOption({ label: "never (until revoked)" });
  await page.getByLabel("Your password").fill(AUTHOR.password);
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByTestId("new-token")).toBeVisible();
  await expect(page.getByTestId("tokens-without-expiry")).toContainText("never expire");
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: `Revoke ${forever}` }).click();
  await expect(page.getByTestId("token-table").getByRole("row").filter({ hasText: forever })).toContainText("revoked");
  expect(blocked).toEqual([]);
  await api.dispose();
});
