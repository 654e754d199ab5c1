// "Sign out everywhere": bumping the user's session version refuses every session minted
// before, on every device, while API tokens keep working.
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { GET as listSubmissions } from "@/app/api/v1/submissions/route";
import { loadSessionUser, revokeAllSessions } from "@/lib/server/auth/session";
import { resetEnvCache } from "@/lib/server/env";
import { ctx, req, userWithToken } from "../../support/api-helpers";

const SALT = "authjs.session-token";

async function sessionCookie(token: Record<string, unknown>): Promise<string> {
  const jwt = await encode({ token, secret: process.env.AUTH_SECRET!, salt: SALT });
  return `${SALT}=${jwt}`;
}

describe("sign out everywhere", () => {
  it("refuses every older session (cookie and server-side lookup) but not API tokens", async () => {
    process.env.AUTH_SECRET ??= "api-sessions-test-secret-0123456789";
    resetEnvCache();
    const user = await userWithToken("sessions", "SUBMITTER");
    const call = (cookie: string) => listSubmissions(req("/api/v1/submissions", { headers: { cookie } }), ctx({}));
    const laptop = await sessionCookie({ uid: user.id, role: "SUBMITTER", sv: 0 });
    const legacy = await sessionCookie({ uid: user.id, role: "SUBMITTER" }); // minted before versions existed
    expect((await call(laptop)).status).toBe(200);
    expect((await call(legacy)).status).toBe(200);
    expect(await loadSessionUser(user.id, 0)).not.toBeNull();

    await revokeAllSessions(user.id);

    expect((await call(laptop)).status).toBe(401);
    expect((await call(legacy)).status).toBe(401);
    expect(await loadSessionUser(user.id, 0)).toBeNull();
    // A session signed in afterwards carries the new version and works.
    expect((await call(await sessionCookie({ uid: user.id, role: "SUBMITTER", sv: 1 }))).status).toBe(200);
    const viaToken = await listSubmissions(req("/api/v1/submissions", { token: user.token }), ctx({}));
    expect(viaToken.status).toBe(200);
  });
});
