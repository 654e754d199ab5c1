import "server-only";
import HuggingFace, { type HuggingfaceProfile } from "next-auth/providers/huggingface";
import { env } from "../env";

export const HF_NO_VERIFIED_EMAIL = "HuggingFaceNoVerifiedEmail";

/** Must equal the discovery document's `issuer` exactly. */
function huggingFaceIssuer(): string {
  return env.HF_ISSUER.replace(/(?<!\/)\/+$/, "");
}

export function verifiedHuggingFaceEmail(p: Partial<HuggingfaceProfile>): string | null {
  return p.email_verified === true && typeof p.email === "string" && p.email.includes("@") ? p.email : null;
}

export function huggingFaceProvider() {
  return HuggingFace({
    clientId: env.HF_CLIENT_ID,
    clientSecret: env.HF_CLIENT_SECRET,
    issuer: huggingFaceIssuer(),
    authorization: { params: { scope: "openid profile email" } },
    // HF documents email on the userinfo endpoint.
    idToken: false,
    profile: (p: HuggingfaceProfile) => ({
      id: p.sub,
      name: p.name ?? p.preferred_username ?? null,
      email: verifiedHuggingFaceEmail(p),
      image: p.picture ?? null,
    }),
    allowDangerousEmailAccountLinking: false,
  });
}
