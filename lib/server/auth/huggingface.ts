import "server-only";
import HuggingFace, { type HuggingfaceProfile } from "next-auth/providers/huggingface";
import { env } from "../env";

// "Sign in with Hugging Face": Auth.js's OpenID Connect provider, discovered at HF_ISSUER
// (default https://huggingface.co). The profile keeps the email only when Hugging Face says it
// verified it; the signIn callback (config.ts) refuses a sign-in without one, as for GitHub.

/** The `error` code /signin shows when Hugging Face reports no verified email. */
export const HF_NO_VERIFIED_EMAIL = "HuggingFaceNoVerifiedEmail";

/** The issuer without a trailing slash: it must equal the discovery document's `issuer` exactly. */
export function huggingFaceIssuer(): string {
  return env.HF_ISSUER.replace(/(?<!\/)\/+$/, "");
}

/** The address to use: only one Hugging Face marked verified (`email_verified: true`). */
export function verifiedHuggingFaceEmail(p: Partial<HuggingfaceProfile>): string | null {
  return p.email_verified === true && typeof p.email === "string" && p.email.includes("@") ? p.email : null;
}

export function huggingFaceProvider() {
  return HuggingFace({
    clientId: env.HF_CLIENT_ID,
    clientSecret: env.HF_CLIENT_SECRET,
    issuer: huggingFaceIssuer(),
    authorization: { params: { scope: "openid profile email" } },
    // Claims from the userinfo endpoint (sub checked against the ID token's): HF documents email there.
    idToken: false,
    profile: (p: HuggingfaceProfile) => ({
      id: p.sub,
      name: p.name ?? p.preferred_username ?? null,
      email: verifiedHuggingFaceEmail(p),
      image: p.picture ?? null,
    }),
    // As for GitHub: never attach this login to an existing account because the emails match.
    allowDangerousEmailAccountLinking: false,
  });
}
