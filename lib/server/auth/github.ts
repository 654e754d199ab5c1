import "server-only";
import GitHub from "next-auth/providers/github";
import { z } from "zod";
import { env, gitHubEndpoints } from "../env";

// Own profile look-up: the stock provider ignores GitHub's `verified` flag (next-auth#10013),
// and anyone can add someone else's address unverified.

export const GITHUB_NO_VERIFIED_EMAIL = "GitHubNoVerifiedEmail";

const emailsSchema = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }).passthrough(),
);
const profileSchema = z.object({ id: z.number(), login: z.string() }).passthrough();

type GitHubEmailEntry = z.infer<typeof emailsSchema>[number];

/** Verified primary, else a verified real mailbox before users.noreply; null refuses the sign-in. */
export function pickVerifiedEmail(emails: GitHubEmailEntry[]): string | null {
  const verified = emails.filter((e) => e.verified === true && e.email.includes("@"));
  const chosen =
    verified.find((e) => e.primary) ?? verified.find((e) => !/@users\.noreply\./i.test(e.email)) ?? verified[0];
  return chosen?.email ?? null;
}

/** More pages of /user/emails (100 addresses each) is an upstream error. */
export const MAX_EMAIL_PAGES = 10;

/** RFC 8288, as GitHub sends it. */
export function nextPageUrl(link: string | null): string | null {
  for (const m of (link ?? "").matchAll(/<([^<>]*)>\s*((?:;\s*[^;,]*)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";,]*)"?/i.exec(m[2]!)?.[1] ?? "";
    if (rel.toLowerCase().split(/\s+/).includes("next")) return m[1]!;
  }
  return null;
}

/** The bearer token goes only under the API base: a `Link` header elsewhere is never followed. */
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
  // An upstream error, never "no verified email".
  if (!res.ok) throw new Error(`GitHub API ${new URL(url).pathname} answered ${res.status}`);
  return { body: await res.json(), link: res.headers.get("link") };
}

/** Every page or an error: a partial list could pick another address than the full one. */
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

async function fetchGitHubProfile(
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
    enterprise: enterprise ? { baseUrl: webUrl } : undefined,
    userinfo: {
      url: `${apiUrl}/user`,
      async request({ tokens }: { tokens: { access_token?: string } }) {
        if (!tokens.access_token) throw new Error("GitHub token response had no access_token");
        return fetchGitHubProfile(apiUrl, tokens.access_token);
      },
    },
    // Matching emails must never attach a GitHub login to an existing account.
    allowDangerousEmailAccountLinking: false,
  });
}
