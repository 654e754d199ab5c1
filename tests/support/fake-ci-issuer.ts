import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";

// A GitHub Actions OIDC issuer stand-in on loopback: OIDC discovery
// (/.well-known/openid-configuration) and its JWKS over HTTP, and `mint()` for tokens shaped like
// GitHub's (repository, sha, run_id, ref, workflow_ref, a fresh jti each). `foreignKey` signs with a key the JWKS
// does not list (a forged token).

export type FakeCiIssuer = {
  url: string;
  log: string[];
  mint: (
    claims: JWTPayload,
    opts?: { audience?: string; issuer?: string; expired?: boolean; foreignKey?: boolean },
  ) => Promise<string>;
  close: () => Promise<void>;
};

export const GITHUB_LIKE_CLAIMS = {
  repository: "acme/mem-ci",
  repository_owner: "acme",
  sha: "89abcdef0123456789abcdef0123456789abcdef",
  ref: "refs/heads/main",
  workflow: "leaderboard",
  workflow_ref: "acme/mem-ci/.github/workflows/leaderboard.yml@refs/heads/main",
  run_id: "1234567890",
  run_attempt: "1",
  event_name: "push",
};

export async function startFakeCiIssuer(): Promise<FakeCiIssuer> {
  const [signing, foreign] = await Promise.all([generateKeyPair("RS256"), generateKeyPair("RS256")]);
  const jwk = { ...(await exportJWK(signing.publicKey)), kid: "ci-1", alg: "RS256", use: "sig" };
  const state: FakeCiIssuer = { url: "", log: [], mint: async () => "", close: async () => undefined };
  const server = http.createServer((req, res) => {
    state.log.push(`${req.method} ${req.url}`);
    const send = (body: unknown) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.url === "/.well-known/openid-configuration")
      return send({
        issuer: state.url,
        jwks_uri: `${state.url}/.well-known/jwks`,
        id_token_signing_alg_values_supported: ["RS256"],
      });
    if (req.url === "/.well-known/jwks") return send({ keys: [jwk] });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.mint = (claims, opts = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const key: CryptoKey = opts.foreignKey ? foreign.privateKey : signing.privateKey;
    const jwt = new SignJWT({ ...GITHUB_LIKE_CLAIMS, jti: randomUUID(), ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "ci-1", typ: "JWT" })
      .setIssuer(opts.issuer ?? state.url)
      .setSubject(`repo:${GITHUB_LIKE_CLAIMS.repository}:ref:${GITHUB_LIKE_CLAIMS.ref}`)
      // Expired: issued an hour ago, expired ten minutes ago (beyond any clock tolerance).
      .setIssuedAt(opts.expired ? now - 3600 : now)
      .setExpirationTime(opts.expired ? now - 600 : now + 300);
    if (opts.audience !== undefined) jwt.setAudience(opts.audience);
    return jwt.sign(key);
  };
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
