import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { ORIGIN, setupGitHubSignIn } from "../../support/github-sign-in";

// GitHub OAuth end to end without the internet: the real Auth.js handlers (GitHub provider
// with GITHUB_URL = a GitHub Enterprise-style fake on loopback, API under /api/v3, Prisma
// adapter on the real database). Proves account creation and reuse, that a GitHub login whose
// email matches an existing password account is refused instead of taking it over, closed
// sign-up, and GITHUB_API_URL. Verified-email rules: auth-github-email.test.ts.

const { fake, address, ghUser, signIn: gitHubSignIn, sessionFor } = setupGitHubSignIn();

describe("GitHub sign-in (GITHUB_URL = fake GitHub Enterprise on loopback)", () => {
  it("creates a SUBMITTER linked to the GitHub id; a second sign-in reuses it", async () => {
    // No public email: the address comes from /user/emails (the primary, verified one).
    const octo = ghUser("new", {
      email: null,
      emails: [
        { email: address("other"), primary: false, verified: true },
        { email: address("gh-new"), primary: true, verified: true },
      ],
    });
    const before = new Date();
    const first = await gitHubSignIn(octo);
    expect(first.location).toBe(`${ORIGIN}/submit`);
    // GitHub Enterprise Server layout: the API under <GITHUB_URL>/api/v3 with no GITHUB_API_URL.
    expect(fake().log).toEqual(
      expect.arrayContaining(["POST /login/oauth/access_token", "GET /api/v3/user", "GET /api/v3/user/emails"]),
    );
    const user = await db.user.findUniqueOrThrow({ where: { email: address("gh-new") }, include: { accounts: true } });
    expect(user.role).toBe("SUBMITTER");
    expect(user.passwordHash).toBeNull();
    // Only a GitHub-verified address gets this far, so the account is created email-verified.
    expect(user.emailVerified).toBeInstanceOf(Date);
    expect(user.emailVerified!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(user.emailVerified!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(user.accounts).toEqual([
      expect.objectContaining({ provider: "github", providerAccountId: String(octo.id) }),
    ]);
    // GitHub's access token was used at sign-in and not kept.
    expect(user.accounts[0]).toMatchObject({ access_token: null, refresh_token: null, id_token: null });
    expect(first.session).toMatchObject({ uid: user.id, role: "SUBMITTER", sv: 0 });

    const second = await gitHubSignIn({ ...octo, name: "Renamed" });
    expect(second.session).toMatchObject({ uid: user.id });
    expect(
      await db.user.count({
        where: { accounts: { some: { provider: "github", providerAccountId: String(octo.id) } } },
      }),
    ).toBe(1);
    expect(await db.account.count({ where: { userId: user.id } })).toBe(1);
    // A later sign-in leaves the stamp alone.
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).toEqual(user.emailVerified);
  });

  it("does not take over an existing password account with the same (verified) email", async () => {
    const email = address("gh-taken");
    const owner = await db.user.create({
      data: { email, passwordHash: await bcrypt.hash("owner's password", 4), emailVerified: new Date() },
    });
    const res = await gitHubSignIn(ghUser("taken", { email, emails: [{ email, primary: true, verified: true }] }));
    expect(res.session).toBeNull();
    expect(new URL(res.location).pathname).toBe("/signin");
    expect(new URL(res.location).searchParams.get("error")).toBe("OAuthAccountNotLinked");
    expect(await db.account.count({ where: { userId: owner.id } })).toBe(0);
    expect(await db.user.count({ where: { email } })).toBe(1);
    const after = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(after.passwordHash).toBe(owner.passwordHash);
    expect(after.emailVerified).toEqual(owner.emailVerified);
  });

  it("signed in already (even a session revoked by 'sign out everywhere'): GitHub is not linked to that account", async () => {
    // Auth.js would otherwise attach the GitHub login to whoever the session cookie names,
    // which would outlive "sign out everywhere" and a password change.
    const owner = await db.user.create({
      data: {
        email: address("signed-in"),
        passwordHash: await bcrypt.hash("owner's password", 4),
        emailVerified: new Date(),
      },
    });
    for (const [label, sv, revoke] of [
      ["live", 0, false],
      ["revoked", 1, true],
    ] as const) {
      if (revoke) await db.user.update({ where: { id: owner.id }, data: { sessionVersion: 2 } });
      const octo = ghUser(`while-signed-in-${label}`);
      const res = await gitHubSignIn(octo, { sessionToken: await sessionFor(owner.id, sv) });
      expect(res.location).toBe(`${ORIGIN}/submit`);
      expect(await db.account.count({ where: { userId: owner.id } })).toBe(0);
      // Treated as a fresh sign-in: the GitHub address gets its own account and the session.
      const own = await db.user.findUniqueOrThrow({ where: { email: octo.email! }, include: { accounts: true } });
      expect(own.accounts).toEqual([
        expect.objectContaining({ provider: "github", providerAccountId: String(octo.id) }),
      ]);
      expect(res.session).toMatchObject({ uid: own.id });
    }
  });

  it("SIGNUP_MODE=closed: a new GitHub login is refused (no account made); a linked one still signs in", async () => {
    const linked = ghUser("linked");
    const first = await gitHubSignIn(linked);
    expect(first.session).not.toBeNull();
    process.env.SIGNUP_MODE = "closed";
    resetEnvCache();
    try {
      const stranger = ghUser("stranger");
      const refused = await gitHubSignIn(stranger);
      expect(refused.session).toBeNull();
      expect(new URL(refused.location).searchParams.get("error")).toBe("AccessDenied");
      expect(await db.user.count({ where: { email: stranger.email! } })).toBe(0);
      const again = await gitHubSignIn(linked);
      expect(again.session).toMatchObject({ uid: first.session!.uid });
    } finally {
      delete process.env.SIGNUP_MODE;
      resetEnvCache();
    }
  });

  it("GITHUB_API_URL: profile and emails are read there, not under <GITHUB_URL>/api/v3", async () => {
    const gh = fake();
    // The fake now answers the API only under /rest; /api/v3 answers 404.
    gh.apiPrefix = "/rest";
    process.env.GITHUB_API_URL = `${gh.url}/rest/`;
    resetEnvCache();
    try {
      gh.log.length = 0;
      const octo = ghUser("api-url");
      const res = await gitHubSignIn(octo);
      expect(res.location).toBe(`${ORIGIN}/submit`);
      expect(gh.log).toEqual(expect.arrayContaining(["GET /rest/user", "GET /rest/user/emails"]));
      expect(gh.log.filter((l) => l.includes("/api/v3"))).toEqual([]);
      const user = await db.user.findUniqueOrThrow({ where: { email: octo.email! }, include: { accounts: true } });
      expect(user.accounts).toEqual([
        expect.objectContaining({ provider: "github", providerAccountId: String(octo.id) }),
      ]);
    } finally {
      gh.apiPrefix = "/api/v3";
      delete process.env.GITHUB_API_URL;
      resetEnvCache();
    }
  });
});
