import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { signInErrorMessage } from "@/app/(site)/signin/signin-errors";
import { db } from "@/lib/server/db";
import { GITHUB_NO_VERIFIED_EMAIL } from "@/lib/server/auth/github";
import { ORIGIN, setupGitHubSignIn, type GitHubSignInResult } from "../../support/github-sign-in";

// Only an address GitHub marks verified may create or find an account: anyone can add someone
// else's address to their GitHub account (and even make it primary and public) without
// verifying it. Real Auth.js handlers, fake GitHub on loopback, real database.

const { fake, address, ghUser, signIn } = setupGitHubSignIn();

const passwordAccount = async (email: string) =>
  db.user.create({
    data: { email, passwordHash: await bcrypt.hash("owner's password", 4), emailVerified: new Date() },
  });

function expectRefused(res: GitHubSignInResult, code: string): void {
  expect(res.session).toBeNull();
  const url = new URL(res.location);
  expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/signin`);
  expect(url.searchParams.get("error")).toBe(code);
}

const linkedUsers = (githubId: number) =>
  db.user.count({ where: { accounts: { some: { provider: "github", providerAccountId: String(githubId) } } } });

describe("GitHub sign-in uses only a verified email", () => {
  it("primary (and public) address unverified, another verified: the account gets the verified one", async () => {
    const victim = await passwordAccount(address("victim"));
    const mine = address("mine");
    const octo = ghUser("mixed", {
      email: victim.email,
      emails: [
        { email: victim.email, primary: true, verified: false },
        { email: mine, primary: false, verified: true },
      ],
    });
    const res = await signIn(octo);
    expect(res.location).toBe(`${ORIGIN}/submit`);
    const user = await db.user.findUniqueOrThrow({ where: { email: mine }, include: { accounts: true } });
    expect(user.accounts).toEqual([
      expect.objectContaining({ provider: "github", providerAccountId: String(octo.id) }),
    ]);
    expect(res.session).toMatchObject({ uid: user.id, role: "SUBMITTER" });
    // The address it does not own: not linked, not changed.
    const after = await db.user.findUniqueOrThrow({ where: { id: victim.id }, include: { accounts: true } });
    expect(after.accounts).toEqual([]);
    expect(after.passwordHash).toBe(victim.passwordHash);
  });

  it("no verified address: refused with a message on /signin; no User or Account row is created", async () => {
    // One of the unverified addresses belongs to an existing account: still this refusal, not
    // OAuthAccountNotLinked (which would tell the attacker the address is registered).
    const existing = await passwordAccount(address("existing"));
    const own = address("gh-unverified");
    const octo = ghUser("unverified", {
      email: own,
      emails: [
        { email: own, primary: true, verified: false },
        { email: existing.email, primary: false, verified: false },
      ],
    });
    const res = await signIn(octo);
    expectRefused(res, GITHUB_NO_VERIFIED_EMAIL);
    expect(signInErrorMessage(GITHUB_NO_VERIFIED_EMAIL)).toMatch(/no verified email address/);
    expect(await db.user.count({ where: { email: own } })).toBe(0);
    expect(await linkedUsers(octo.id)).toBe(0);
    expect(await db.account.count({ where: { provider: "github", providerAccountId: String(octo.id) } })).toBe(0);
    expect(await db.account.count({ where: { userId: existing.id } })).toBe(0);
    expect(fake().log).toContain("GET /api/v3/user/emails");
  });

  it("a linked login whose addresses are no longer verified is refused too; its account stays", async () => {
    const octo = ghUser("was-verified");
    const first = await signIn(octo);
    expect(first.session).not.toBeNull();
    const res = await signIn({ ...octo, emails: octo.emails.map((e) => ({ ...e, verified: false })) });
    expectRefused(res, GITHUB_NO_VERIFIED_EMAIL);
    expect(await linkedUsers(octo.id)).toBe(1);
  });

  it("GitHub failing to list the emails: a generic sign-in failure (not a 500), nothing created", async () => {
    const gh = fake();
    gh.emailsStatus = 502;
    try {
      const octo = ghUser("upstream-down");
      const res = await signIn(octo);
      expectRefused(res, "Configuration");
      expect(signInErrorMessage("Configuration")).toBe("Sign-in failed. Please try again.");
      expect(await db.user.count({ where: { email: octo.email! } })).toBe(0);
      expect(await linkedUsers(octo.id)).toBe(0);
    } finally {
      gh.emailsStatus = null;
    }
  });
});
