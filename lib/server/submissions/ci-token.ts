import "server-only";
import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import { SOURCE_COMMIT_FULL_RE, SOURCE_REPO_RE } from "@/lib/validation/submission-meta";
import { env } from "../env";
import { AppError } from "../errors";
import { siteUrl } from "../mail";

// A token that fails is refused (422), never downgraded silently to typed provenance.

export type CiProvenance = {
  repo: string;
  commit: string;
  runId: string;
  ref: string | null;
  workflow: string | null;
  /** The token's `jti`: stored (unique), so one token vouches for one upload only. */
  tokenId: string;
};

/** The longest `ciToken` accepted (GitHub's are about 1-2 KB). */
export const CI_TOKEN_MAX_CHARS = 8192;

const claimsSchema = z.object({
  repository: z.string().regex(SOURCE_REPO_RE),
  sha: z.string().regex(SOURCE_COMMIT_FULL_RE),
  run_id: z.string().regex(/^\d{1,20}$/),
  ref: z.string().max(500).optional(),
  workflow_ref: z.string().max(1000).optional(),
  jti: z.string().min(1).max(200),
});

type Reason = "malformed" | "issuer" | "audience" | "expired" | "signature" | "claims" | "replayed";
const MESSAGES: Record<Reason, string> = {
  malformed: "is not a signed JWT",
  issuer: "was not issued by the configured CI issuer (CI_OIDC_ISSUER)",
  audience: "was minted for another audience: request it with this leaderboard's URL as the audience",
  expired: "has expired: request it right before the upload",
  signature: "has a signature that does not match the issuer's keys",
  claims: "lacks the repository, sha, run_id or jti claims",
  replayed: "was already used for an upload: request a fresh token for each upload",
};

export function ciTokenReplayed(): AppError {
  return refused("replayed");
}

function refused(reason: Reason): AppError {
  const message = `The CI token ${MESSAGES[reason]}.`;
  return new AppError("VALIDATION_FAILED", message, {
    details: [{ code: "FIELD_INVALID_VALUE", path: "ciToken", message, params: { reason } }],
  });
}

const trimSlash = (u: string) => u.replace(/(?<!\/)\/+$/, "");

/** AUTH_URL, with or without the trailing slash. */
function expectedAudiences(): string[] {
  const base = trimSlash(siteUrl("/"));
  return [base, `${base}/`];
}

// jose caches and refreshes the keys (cooldown 30 s).
const keySets = new Map<string, Promise<JWTVerifyGetKey>>();

async function discover(issuer: string): Promise<JWTVerifyGetKey> {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`discovery answered ${res.status}`);
  const doc = z.object({ issuer: z.string(), jwks_uri: z.url() }).parse(await res.json());
  if (trimSlash(doc.issuer) !== issuer) throw new Error(`discovery names issuer ${doc.issuer}`);
  return createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: 10_000 });
}

function keysOf(issuer: string): Promise<JWTVerifyGetKey> {
  let p = keySets.get(issuer);
  if (!p) {
    p = discover(issuer);
    keySets.set(issuer, p);
    p.catch(() => keySets.delete(issuer));
  }
  return p;
}

export function resetCiKeyCache(): void {
  keySets.clear();
}

function reasonOf(e: unknown): Reason | null {
  if (e instanceof errors.JWTExpired) return "expired";
  if (e instanceof errors.JWTClaimValidationFailed)
    return e.claim === "aud" ? "audience" : e.claim === "iss" ? "issuer" : "claims";
  if (e instanceof errors.JWSSignatureVerificationFailed || e instanceof errors.JWKSNoMatchingKey) return "signature";
  if (e instanceof errors.JOSEError) return "malformed";
  return null;
}

/** Throws a 422 for a bad token, 503 when the issuer's keys cannot be fetched. */
export async function verifyCiToken(token: string): Promise<CiProvenance> {
  const issuer = trimSlash(env.CI_OIDC_ISSUER);
  if (token.length > CI_TOKEN_MAX_CHARS) throw refused("malformed");
  let claimedIssuer: unknown;
  try {
    claimedIssuer = decodeJwt(token).iss;
  } catch {
    throw refused("malformed");
  }
  // Checked before fetching keys, for a clear answer; jwtVerify checks it again on the verified token.
  if (typeof claimedIssuer !== "string" || trimSlash(claimedIssuer) !== issuer) throw refused("issuer");
  let keys: JWTVerifyGetKey;
  try {
    keys = await keysOf(issuer);
  } catch (e) {
    throw new AppError("UNAVAILABLE", "The CI token issuer's keys could not be fetched; try again later.", {
      cause: e,
    });
  }
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      issuer: [issuer, `${issuer}/`],
      audience: expectedAudiences(),
      algorithms: ["RS256", "ES256"],
      requiredClaims: ["exp", "iat"],
      clockTolerance: 30,
    }));
  } catch (e) {
    const reason = reasonOf(e);
    if (reason) throw refused(reason);
    throw new AppError("UNAVAILABLE", "The CI token issuer's keys could not be fetched; try again later.", {
      cause: e,
    });
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) throw refused("claims");
  const c = claims.data;
  return {
    repo: c.repository,
    commit: c.sha.toLowerCase(),
    runId: c.run_id,
    ref: c.ref ?? null,
    workflow: c.workflow_ref ?? null,
    tokenId: c.jti,
  };
}
