import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

// A Hugging Face stand-in on loopback: a real OpenID Connect provider (the `oidc-provider`
// package: discovery, authorize with PKCE, token, userinfo, JWKS) whose login page asks only for
// a login name and signs that account in (consent included). Point HF_ISSUER at `url`.
// Claims come from `accounts`; a login not listed that looks like an address gets it as a
// verified email, and one starting with "unverified" an unverified one.

export type FakeHfAccount = { email: string | null; email_verified: boolean; name: string; preferred_username: string };

export type FakeHuggingFace = {
  url: string;
  accounts: Map<string, FakeHfAccount>;
  log: string[];
  close: () => Promise<void>;
};

export type FakeHuggingFaceOptions = {
  clientId: string;
  clientSecret: string;
  /** The app's callback URLs (`<origin>/api/auth/callback/huggingface`). */
  redirectUris: string[];
  port?: number;
};

function accountFor(accounts: Map<string, FakeHfAccount>, login: string): FakeHfAccount {
  const known = accounts.get(login);
  if (known) return known;
  const email = login.includes("@") ? login : null;
  return { email, email_verified: !login.startsWith("unverified"), name: `HF ${login}`, preferred_username: login };
}

const page = (uid: string) => `<!doctype html><html lang="en"><head><title>Hugging Face (local stand-in)</title></head>
<body><h1>Sign in to Hugging Face (local stand-in)</h1>
<form method="post" action="/interaction/${uid}/login">
<label>Login <input name="login" autocomplete="off" required></label>
<button type="submit">Authorize</button></form></body></html>`;

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let raw = "";
  for await (const c of req) raw += (c as Buffer).toString();
  return new URLSearchParams(raw);
}

export async function startFakeHuggingFace(opts: FakeHuggingFaceOptions): Promise<FakeHuggingFace> {
  const state: FakeHuggingFace = { url: "", accounts: new Map(), log: [], close: async () => undefined };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(state.url, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: "stand-in", alg: "RS256", use: "sig" }] },
    cookies: { keys: ["fake-huggingface-cookie-key"] },
    scopes: ["openid", "email", "profile"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "preferred_username"] },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => {
        const a = accountFor(state.accounts, sub);
        return { sub, ...a, ...(a.email === null ? { email: undefined } : {}) };
      },
    }),
  });
  const oidc = provider.callback();

  server.on("request", (req, res) => {
    const u = new URL(req.url ?? "/", state.url);
    state.log.push(`${req.method} ${u.pathname}`);
    const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec(u.pathname);
    if (!m) return oidc(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (req.method === "GET" && !m[2]) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(details.uid));
        return;
      }
      const login = (await readForm(req)).get("login")?.trim();
      if (req.method !== "POST" || !login) return void res.writeHead(400).end("login required");
      const grant = new provider.Grant({ accountId: login, clientId: details.params.client_id! });
      grant.addOIDCScope(details.params.scope ?? "openid");
      await provider.interactionFinished(req, res, {
        login: { accountId: login },
        consent: { grantId: await grant.save() },
      });
    })().catch((e: Error) => {
      if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain" }).end(e.message);
    });
  });
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
