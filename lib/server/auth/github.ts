import "server-only";
import GitHub from "next-auth/providers/github";
import { z } from "zod";
import { env, gitHubEndpoints } from "../env";

// GitHub sign-in with our own profile look-up. The stock Auth.js provider takes the public
// profile email, else the primary one from /user/emails, without looking at GitHub's `verified`
// flag (declined upstream: nextauthjs/next-auth#10013). Anyone can add someone else's address to
// their GitHub account unverified, so an unverified address must never create or find an
// account here: we read /user/emails every time and keep only a verified address.

/** The `error` code /signin shows when GitHub reports no verified email (see auth.config.ts). */
export const GITHUB_NO_VERIFIED_EMAIL = "GitHubNoVerifiedEmail";

const emailsSchema = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }).passthrough(),
);
const profileSchema = z.object({ id: z.number(), login: z.string() }).passthrough();

export type GitHubEmailEntry = z.infer<typeof emailsSchema>[number];

/**
 * The address to use: the primary one if GitHub verified it, else another verified one (a real
 * mailbox before the users.noreply address), else null: the sign-in is refused.
 */
export function pickVerifiedEmail(emails: GitHubEmailEntry[]): string | null {
  const verified = emails.filter((e) => e.verified === true && e.email.includes("@"));
  const chosen =
    verified.find((e) => e.primary) ?? verified.find((e) => !/@users\.noreply\./i.test(e.email)) ?? verified[0];
  return chosen?.email ?? null;
}

/** At most this many pages of /user/emails (100 addresses each) are read; more is an upstream error. */
export const MAX_EMAIL_PAGES = 10;

/** The rel="next" URL of a `Link` header (RFC 8288, as GitHub sends it), or null. */
export function nextPageUrl(link: string | null): string | null {
  for (const m of (link ?? "").matchAll(/<([^<>]*)>\s*((?:;\s*[^;,]*)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";,]*)"?/i.exec(m[2]!)?.[1] ?? "";
    if (rel.toLowerCase().split(/\s+/).includes("next")) return m[1]!;
  }
  return null;
}

/**
 * Whether a URL GitHub handed us lies under the configured API base (same origin, same path
 * prefix). The bearer token goes only there: a `Link` header elsewhere is never followed.
 */
export function isUnderApi(url: string, apiUrl: string): boolean {
  const u = new URL(url);
  const base = new URL(apiUrl);
  const prefix = base.pathname.replace(/(?<!\/)\/+$/, "");
  return u.origin === base.origin && (u.pathname === prefix || u.pathname.startsWith(`${prefix}/`));
}

async function getJson(url: string, accessToken: string): Promise<{ body: unknown; link: string | null }> {
  const res = await fetch(url, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: "application/vnd.github+json",
      "User-Agent": "h2hmem-leaderboard",
    },
    signal: AbortSignal.timeout(10_000),
  });
  // A failed look-up is an upstream error (Auth.js answers error=Configuration and logs it),
  // never "no verified email".
  if (!res.ok) throw new Error(`GitHub API ${new URL(url).pathname} answered ${res.status}`);
  return { body: await res.json(), link: res.headers.get("link") };
}

/**
 * Every page of /user/emails, following GitHub's `Link: <…>; rel="next"`. A partial list could
 * pick another address than the full one (or none), so a page we cannot read, a next page off
 * the API origin, or more than MAX_EMAIL_PAGES pages all fail the sign-in as an upstream error.
 */
async function fetchAllEmails(apiUrl: string, accessToken: string): Promise<GitHubEmailEntry[]> {
  const all: GitHubEmailEntry[] = [];
  let url: string | null = `${apiUrl}/user/emails?per_page=100`;
  for (let page = 1; url; page++) {
    if (page > MAX_EMAIL_PAGES) throw new Error(`GitHub API /user/emails has more than ${MAX_EMAIL_PAGES} pages`);
    const { body, link } = await getJson(url, accessToken);
    all.push(...emailsSchema.parse(body));
    const next = nextPageUrl(link);
    url = next === null ? null : new URL(next, url).href;
    if (url && !isUnderApi(url, apiUrl))
      throw new Error(`GitHub API /user/emails: next page ${new URL(url).origin} is not under ${apiUrl}; not followed`);
  }
  return all;
}

/** The GitHub profile with `email` replaced by the verified address (null when there is none). */
export async function fetchGitHubProfile(
  apiUrl: string,
  accessToken: string,
): Promise<Record<string, unknown> & { email: string | null }> {
  const profile = profileSchema.parse((await getJson(`${apiUrl}/user`, accessToken)).body);
  // Asked even when the profile has a public email: only this list says whether it is verified.
  return { ...profile, email: pickVerifiedEmail(await fetchAllEmails(apiUrl, accessToken)) };
}

export function gitHubProvider() {
  const { webUrl, apiUrl, enterprise } = gitHubEndpoints();
  return GitHub({
    clientId: env.GITHUB_ID,
    clientSecret: env.GITHUB_SECRET,
    // GitHub Enterprise Server: authorize and token endpoints under GITHUB_URL.
    enterprise: enterprise ? { baseUrl: webUrl } : undefined,
    userinfo: {
      url: `${apiUrl}/user`,
      async request({ tokens }: { tokens: { access_token?: string } }) {
        if (!tokens.access_token) throw new Error("GitHub token response had no access_token");
        return fetchGitHubProfile(apiUrl, tokens.access_token);
      },
    },
    // Never attach a GitHub login to an existing account just because the emails match
    // (Auth.js then answers OAuthAccountNotLinked); tests/integration/auth/github.test.ts.
    allowDangerousEmailAccountLinking: false,
  });
}
