import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { MAX_EMAIL_PAGES } from "@/lib/server/auth/github";
import { ORIGIN, setupGitHubSignIn } from "../../support/github-sign-in";

// GitHub pages /user/emails (Link: <…>; rel="next"). The sign-in reads every page, but sends
// the token only to the configured API origin, and never decides on a partial list. Real
// Auth.js handlers, fake GitHub on loopback (pages of 2 here), real database.

const { fake, address, ghUser, signIn } = setupGitHubSignIn();

// Another origin a hostile or misconfigured `Link` header could point at: records every request.
const elsewhere = {
  url: "",
  seen: [] as Array<{ url: string; authorization: string | undefined }>,
  server: http.createServer(),
};
beforeAll(async () => {
  elsewhere.server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    elsewhere.seen.push({ url: req.url ?? "", authorization: req.headers.authorization });
    res.writeHead(200, { "content-type": "application/json" }).end("[]");
  });
  await new Promise<void>((resolve) => elsewhere.server.listen(0, "127.0.0.1", () => resolve()));
  elsewhere.url = `http://127.0.0.1:${(elsewhere.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => elsewhere.server.close(() => resolve())));

const emailPagesRead = () => fake().log.filter((l) => l === "GET /api/v3/user/emails").length;
const unverified = (label: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ email: address(`${label}-${i}`), primary: i === 0, verified: false }));

async function withPages<T>(perPage: number, linkOrigin: string | null, run: () => Promise<T>): Promise<T> {
  const gh = fake();
  Object.assign(gh, { emailsMaxPerPage: perPage, emailsLinkOrigin: linkOrigin, log: [] });
  try {
    return await run();
  } finally {
    Object.assign(gh, { emailsMaxPerPage: 100, emailsLinkOrigin: null });
  }
}

describe("GitHub sign-in reads every page of /user/emails", () => {
  it("the only verified address is on page 2: found, the account gets it", async () => {
    const mine = address("page-two");
    const octo = ghUser("page-two", {
      email: null,
      emails: [...unverified("p2-unverified", 2), { email: mine, primary: false, verified: true }],
    });
    const res = await withPages(2, null, () => signIn(octo));
    expect(res.location).toBe(`${ORIGIN}/submit`);
    expect(emailPagesRead()).toBe(2);
    const user = await db.user.findUniqueOrThrow({ where: { email: mine }, include: { accounts: true } });
    expect(user.accounts).toEqual([
      expect.objectContaining({ provider: "github", providerAccountId: String(octo.id) }),
    ]);
    expect(res.session).toMatchObject({ uid: user.id });
  });

  it("a verified primary address on page 2 wins over a verified one on page 1 (the whole list is read first)", async () => {
    const first = address("verified-first-page");
    const primary = address("primary-second-page");
    const octo = ghUser("primary-late", {
      emails: [
        { email: first, primary: false, verified: true },
        { email: address("filler"), primary: false, verified: false },
        { email: primary, primary: true, verified: true },
      ],
    });
    const res = await withPages(2, null, () => signIn(octo));
    expect(res.location).toBe(`${ORIGIN}/submit`);
    expect(await db.user.count({ where: { email: primary } })).toBe(1);
    expect(await db.user.count({ where: { email: first } })).toBe(0);
  });

  it("a next link to another origin is not followed (no request, no token there): generic failure, nothing created", async () => {
    const mine = address("off-origin");
    const octo = ghUser("off-origin", {
      emails: [...unverified("off-unverified", 2), { email: mine, primary: false, verified: true }],
    });
    const res = await withPages(2, elsewhere.url, () => signIn(octo));
    expect(elsewhere.seen).toEqual([]);
    expect(emailPagesRead()).toBe(1);
    // Not "no verified email": the list could not be read in full, so it is an upstream error.
    expect(res.session).toBeNull();
    expect(new URL(res.location).searchParams.get("error")).toBe("Configuration");
    expect(await db.user.count({ where: { email: mine } })).toBe(0);
    expect(await db.account.count({ where: { provider: "github", providerAccountId: String(octo.id) } })).toBe(0);
  });

  it(`more than ${MAX_EMAIL_PAGES} pages: stops after ${MAX_EMAIL_PAGES} requests with a generic failure, nothing created`, async () => {
    const mine = address("too-many-pages");
    const octo = ghUser("too-many", {
      emails: [...unverified("many", MAX_EMAIL_PAGES), { email: mine, primary: false, verified: true }],
    });
    const res = await withPages(1, null, () => signIn(octo));
    expect(emailPagesRead()).toBe(MAX_EMAIL_PAGES);
    expect(res.session).toBeNull();
    expect(new URL(res.location).searchParams.get("error")).toBe("Configuration");
    expect(await db.user.count({ where: { email: mine } })).toBe(0);
  });

  it(`exactly ${MAX_EMAIL_PAGES} pages is fine: a verified address on the last one is found`, async () => {
    const mine = address("last-page");
    const octo = ghUser("last-page", {
      emails: [...unverified("last", MAX_EMAIL_PAGES - 1), { email: mine, primary: false, verified: true }],
    });
    const res = await withPages(1, null, () => signIn(octo));
    expect(emailPagesRead()).toBe(MAX_EMAIL_PAGES);
    expect(res.location).toBe(`${ORIGIN}/submit`);
    expect(await db.user.count({ where: { email: mine } })).toBe(1);
  });
});
