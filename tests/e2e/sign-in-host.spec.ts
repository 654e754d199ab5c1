import { expect, test } from "@playwright/test";
import { AUTHOR } from "./helpers";

// Issue 45, point 4: the e2e server's AUTH_URL is http://127.0.0.1:PORT; a visitor on
// http://localhost:PORT (another host of the same deployment) signs in and stays signed in there.
test("sign-in keeps the host it was made on, and the page names AUTH_URL's address", async ({ page, baseURL }) => {
  const own = new URL(baseURL!).origin;
  const other = own.replace("127.0.0.1", "localhost");
  await page.goto(`${other}/signin?callbackUrl=%2Fsubmit`);
  const note = page.getByTestId("host-note");
  await expect(note).toContainText(`This deployment's address is ${own}`);
  await expect(note.getByRole("link")).toHaveAttribute("href", new RegExp(`^${own}/signin\\?callbackUrl=`));

  await page.getByLabel("Email").fill(AUTHOR.email);
  await page.getByLabel("Password").fill(AUTHOR.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${other}/submit`);
  await expect(page.getByTestId("signed-in-as")).toContainText(AUTHOR.email);
  await expect(page.getByTestId("host-note")).toBeVisible();

  // Signing out stays on this host too.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${other}/`);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  // The board needs no session: no note there.
  await expect(page.getByTestId("host-note")).toHaveCount(0);
});

// Issue 45, point 7: cite, badge and exports name one origin, AUTH_URL's, on any host.
test("an entry visited on another host cites AUTH_URL's address", async ({ page, baseURL }) => {
  const own = new URL(baseURL!).origin;
  const other = own.replace("127.0.0.1", "localhost");
  await page.goto(`${other}/`);
  const id = await page.getByTestId("leaderboard-row").first().getAttribute("data-entry-id");
  await page.goto(`${other}/entries/${id}`);
  await expect(page.getByTestId("bibtex")).toContainText(`\\url{${own}/entries/${id}}`);
});
