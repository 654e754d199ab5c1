import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A GitHub (Enterprise Server layout) OAuth provider on loopback: /login/oauth/authorize
// redirects straight back with a code for the configured user (as if they clicked
// "Authorize"), /login/oauth/access_token swaps it for a token, <apiPrefix>/user and
// <apiPrefix>/user/emails answer for that token (apiPrefix "/api/v3" as on GitHub Enterprise
// Server; change it to serve the API elsewhere, as GITHUB_API_URL allows). Point GITHUB_URL at `url`.
// /user/emails paginates as GitHub does: `per_page` (default 30, at most `emailsMaxPerPage`),
// `page`, and a `Link` header with rel="next"/"last" (and "prev"/"first" past page 1).

export type FakeGitHubUser = {
  id: number;
  login: string;
  name: string | null;
  /** The public profile email; null makes the client ask /user/emails. */
  email: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
};

export type FakeGitHub = {
  url: string;
  /** Who "authorizes" at the next /authorize request. */
  user: FakeGitHubUser | null;
  /** Where the REST API is served; anything else answers 404. */
  apiPrefix: string;
  /** When set, /user/emails answers this status instead of the list (an upstream failure). */
  emailsStatus: number | null;
  /** Page size cap for /user/emails (GitHub's is 100); lower it to make a test paginate. */
  emailsMaxPerPage: number;
  /** When set, the `Link` header's page URLs point at this origin instead of `url`. */
  emailsLinkOrigin: string | null;
  log: string[];
  close: () => Promise<void>;
};

export async function startFakeGitHub(clientId: string, clientSecret: string): Promise<FakeGitHub> {
  const codes = new Map<string, { user: FakeGitHubUser; redirectUri: string; challenge: string | null }>();
  const tokens = new Map<string, FakeGitHubUser>();
  const state: FakeGitHub = {
    url: "",
    user: null,
    apiPrefix: "/api/v3",
    emailsStatus: null,
    emailsMaxPerPage: 100,
    emailsLinkOrigin: null,
    log: [],
    close: async () => undefined,
  };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const bearer = (req: http.IncomingMessage) =>
    tokens.get((req.headers.authorization ?? "").replace(/^Bearer\s+/i, ""));

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://fake");
    state.log.push(`${req.method} ${u.pathname}`);
    if (req.method === "GET" && u.pathname === "/login/oauth/authorize") {
      const redirectUri = u.searchParams.get("redirect_uri");
      if (u.searchParams.get("client_id") !== clientId || !redirectUri || !state.user)
        return send(res, 400, { error: "bad authorize request" });
      const code = randomBytes(8).toString("hex");
      codes.set(code, { user: state.user, redirectUri, challenge: u.searchParams.get("code_challenge") });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      if (u.searchParams.get("state")) back.searchParams.set("state", u.searchParams.get("state")!);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === "POST" && u.pathname === "/login/oauth/access_token") {
      let raw = "";
      req.on("data", (c: Buffer) => (raw += c.toString()));
      req.on("end", () => {
        const form = new URLSearchParams(raw);
        // oauth4webapi may send the client credentials as HTTP Basic instead of form fields.
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
        const [id, secret] = basic
          ? Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent)
          : [form.get("client_id"), form.get("client_secret")];
        const grant = codes.get(form.get("code") ?? "");
        if (id !== clientId || secret !== clientSecret || !grant || grant.redirectUri !== form.get("redirect_uri"))
          return send(res, 401, { error: "bad_verification_code" });
        if (grant.challenge && !form.get("code_verifier")) return send(res, 400, { error: "missing code_verifier" });
        codes.delete(form.get("code")!);
        const token = `gho_${randomBytes(12).toString("hex")}`;
        tokens.set(token, grant.user);
        send(res, 200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
      });
      return;
    }
    const who = bearer(req);
    if (req.method === "GET" && u.pathname === `${state.apiPrefix}/user`) {
      if (!who) return send(res, 401, { message: "Bad credentials" });
      return send(res, 200, { id: who.id, login: who.login, name: who.name, email: who.email, avatar_url: null });
    }
    if (req.method === "GET" && u.pathname === `${state.apiPrefix}/user/emails`) {
      if (!who) return send(res, 401, { message: "Bad credentials" });
      if (state.emailsStatus) return send(res, state.emailsStatus, { message: "Server Error" });
      const perPage = Math.min(Number(u.searchParams.get("per_page") ?? 30), state.emailsMaxPerPage);
      const page = Number(u.searchParams.get("page") ?? 1);
      const last = Math.max(1, Math.ceil(who.emails.length / perPage));
      const at = (p: number) => `<${state.emailsLinkOrigin ?? state.url}${u.pathname}?per_page=${perPage}&page=${p}>`;
      const links = [
        ...(page < last ? [`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`] : []),
        ...(page > 1 ? [`${at(page - 1)}; rel="prev"`, `${at(1)}; rel="first"`] : []),
      ];
      if (links.length) res.setHeader("link", links.join(", "));
      return send(
        res,
        200,
        who.emails.slice((page - 1) * perPage, page * perPage).map((e) => ({ ...e, visibility: null })),
      );
    }
    send(res, 404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
